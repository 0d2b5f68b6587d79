import { describe, expect, it } from 'vitest';
import { sendPace, subscribersText } from './send-pace';

describe('the send question: how many, and when they get it', () => {
  it('names the count', () => {
    expect(subscribersText(1)).toBe('1 subscriber');
    expect(subscribersText(1200)).toBe('1,200 subscribers');
  });

  it('says all at once when the rate covers the list, else over how many more hours', () => {
    expect(sendPace(1, 100)).toBe('At 100 e-mails an hour, it goes out at once.');
    expect(sendPace(100, 100)).toBe('At 100 e-mails an hour, all 100 go out at once.');
    expect(sendPace(101, 100)).toBe(
      'At 100 e-mails an hour, 100 go out now and the rest over the next hour.',
    );
    expect(sendPace(1200, 100)).toBe(
      'At 100 e-mails an hour, 100 go out now and the rest over the next 11 hours.',
    );
    expect(sendPace(3, 1)).toBe('At 1 e-mail an hour, 1 goes out now and the rest over the next 2 hours.');
  });
});
