import { describe, expect, it } from 'vitest';
import type { LabOrderView } from './api';
import {
  labOrderStatusText,
  labSendAction,
  percentText,
  sizeInches,
  splitServerErrors,
} from './print-lab-model';

const lab = (patch: Partial<LabOrderView>): LabOrderView => ({
  status: 'held',
  labOrderNumber: null,
  sendAfter: '2026-11-25T15:00:00Z',
  sentAt: null,
  shippedAt: null,
  lastError: null,
  attempts: 0,
  labLines: 1,
  ...patch,
});

describe('sizeInches', () => {
  it('reads the width and height from the ways sizes are written', () => {
    expect(sizeInches('8x10')).toEqual({ width: '8', height: '10' });
    expect(sizeInches('8x10 inch')).toEqual({ width: '8', height: '10' });
    expect(sizeInches('12 x 16')).toEqual({ width: '12', height: '16' });
    expect(sizeInches('12×18 in')).toEqual({ width: '12', height: '18' });
    expect(sizeInches('8.5 x 11"')).toEqual({ width: '8.5', height: '11' });
    expect(sizeInches('8" x 10"')).toEqual({ width: '8', height: '10' });
    expect(sizeInches('16 by 24')).toEqual({ width: '16', height: '24' });
  });
  it('answers null for a size that is not two numbers', () => {
    expect(sizeInches('Large')).toBeNull();
    expect(sizeInches('A3')).toBeNull();
  });
});

describe('percentText', () => {
  it('keeps at most one decimal', () => {
    expect(percentText(45)).toBe('45%');
    expect(percentText(12.345)).toBe('12.3%');
    expect(percentText(-5)).toBe('-5%');
  });
});

const before = Date.parse('2026-11-25T14:00:00Z');
const after = Date.parse('2026-11-25T15:00:01Z');

describe('labOrderStatusText', () => {
  it('says where the lab order is, with the lab’s order number and message', () => {
    expect(labOrderStatusText(lab({}), before)).toMatch(/^Waiting to send \(until .+2026.+\)$/);
    expect(labOrderStatusText(lab({}), after)).toBe('Sending to the lab');
    expect(labOrderStatusText(lab({ status: 'sent', labOrderNumber: 'LP-1001' }))).toBe(
      'At the lab, order LP-1001',
    );
    expect(labOrderStatusText(lab({ status: 'failed', lastError: 'Invalid zip code' }))).toBe(
      'Failed: Invalid zip code',
    );
  });
  it('offers sending now while held and sending again once failed, nothing else', () => {
    expect(labSendAction(lab({}), before)).toBe('Send to lab now');
    // past its hold: on its way already
    expect(labSendAction(lab({}), after)).toBeNull();
    expect(labSendAction(lab({ status: 'failed' }))).toBe('Send again');
    expect(labSendAction(lab({ status: 'sent' }))).toBeNull();
    expect(labSendAction(lab({ status: 'shipped' }))).toBeNull();
  });
});

describe('splitServerErrors', () => {
  it('puts each message under its field and keeps the others', () => {
    const split = splitServerErrors({ heightIn: 'h', 'optionIds.1': 'o', widthIn: 'w', message: 'other' }, [
      'subcategoryId',
      'widthIn',
      'heightIn',
      'optionIds',
    ] as const);
    expect(split.byField).toEqual({ widthIn: 'w', heightIn: 'h', optionIds: 'o' });
    expect(split.first).toBe('widthIn');
    expect(split.other).toEqual(['other']);
  });
});
