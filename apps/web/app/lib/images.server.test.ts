import { centre } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { imageUrl, placedImage, resolveImage } from './images.server';

describe('imageUrl', () => {
  it("finds the content's images", () => {
    expect(imageUrl(centre.bannerImage.file)).toMatch(/banner-global-kardec.*\.svg/);
  });

  it('stops the build with a clear message when a file is missing', () => {
    expect(() => imageUrl('courses/nao-existe.svg', {})).toThrow(
      'apps/web/app/assets/images/courses/nao-existe.svg',
    );
  });
});

describe('resolveImage', () => {
  it('keeps the alt text and the size', () => {
    const available = { '../assets/images/a.svg': '/assets/a-123.svg' };
    expect(resolveImage({ file: 'a.svg', alt: 'Um A', width: 10, height: 20 }, available)).toEqual({
      src: '/assets/a-123.svg',
      alt: 'Um A',
      width: 10,
      height: 20,
    });
  });
});

describe('placedImage', () => {
  it('is the photo uploaded for the place, with its alt text and size (decision 065)', () => {
    const photo = { id: '0123456789abcdef0123', alt: 'Fachada', width: 1200, height: 500 };
    expect(placedImage(centre.bannerImage, photo)).toEqual({
      src: '/fotos/0123456789abcdef0123',
      alt: 'Fachada',
      width: 1200,
      height: 500,
    });
  });

  it("is the content's illustration when no photo was uploaded", () => {
    expect(placedImage(centre.bannerImage, undefined)).toEqual(resolveImage(centre.bannerImage));
  });
});
