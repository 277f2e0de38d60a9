import { describe, expect, it } from 'vitest';
import { embeddedSharedBuffersMb } from './bootstrap.js';

const GB = 2 ** 30;

describe('the embedded server’s buffer cache', () => {
  it('is a quarter of the memory, between 128 MB and 1 GB', () => {
    expect(embeddedSharedBuffersMb(2 * GB)).toBe(512);
    expect(embeddedSharedBuffersMb(23 * GB)).toBe(1024);
    expect(embeddedSharedBuffersMb(256 * 2 ** 20)).toBe(128);
  });
});
