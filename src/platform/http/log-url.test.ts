import { describe, expect, it } from 'vitest';
import { logUrl } from './log-url';

describe('logUrl', () => {
  it('keeps secrets out of the logged address', () => {
    expect(logUrl('/api/orders/7/status?secret=pi_123_secret_abc')).toBe(
      '/api/orders/7/status?secret=[redacted]',
    );
    expect(logUrl('/api/webhooks/lab/AbC-123_xyz')).toBe('/api/webhooks/lab/[redacted]');
    expect(logUrl('/api/webhooks/lab/lumaprints/AbC-123_xyz')).toBe(
      '/api/webhooks/lab/lumaprints/[redacted]',
    );
    expect(logUrl('/api/lab-files/12/1790000000/sIgNaTuRe/original.jpg')).toBe(
      '/api/lab-files/12/1790000000/[redacted]/original.jpg',
    );
    expect(logUrl('/api/photos/3?w=800')).toBe('/api/photos/3?w=800');
  });
});
