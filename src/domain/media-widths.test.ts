import { describe, expect, it } from 'vitest';
import { isMediaVariantWidth, mediaSrcSet } from './media-widths';

const ID = '0b5f6a38-6a0e-4bd4-9a53-2f1e3c0d9e11';

describe('mediaSrcSet', () => {
  it.each([
    [`/media/${ID}`, `/media/${ID}?w=320 320w, /media/${ID}?w=480 480w, /media/${ID}?w=640 640w, /media/${ID} 1280w`],
    [`/media/${ID}?w=320`, undefined],
    ['/images/products/tilapia-640.webp', undefined],
    ['/media/not-an-id', undefined],
    ['https://elsewhere.example/media/' + ID, undefined],
  ])('%s → %s', (url, expected) => {
    expect(mediaSrcSet(url)).toBe(expected);
  });
});

describe('isMediaVariantWidth', () => {
  it.each([
    [320, true],
    [480, true],
    [640, true],
    [1280, false],
    [100, false],
    [Number.NaN, false],
  ])('%d → %s', (w, expected) => {
    expect(isMediaVariantWidth(w)).toBe(expected);
  });
});
