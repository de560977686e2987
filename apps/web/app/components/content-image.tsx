import type { PageImage } from '~/lib/page-image';

interface ContentImageProps {
  image: PageImage;
  /**
   * 'high': the page's largest image above the fold (eager, fetched first);
   * 'auto': above the fold; 'lazy': below the fold (loaded and decoded when needed).
   */
  priority?: 'high' | 'auto' | 'lazy';
  className?: string;
  sizes?: string;
}

/** A content image: always with width and height, so its space is reserved before it loads. */
export function ContentImage({ image, priority = 'auto', className, sizes }: ContentImageProps) {
  const lazy = priority === 'lazy';
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      loading={lazy ? 'lazy' : undefined}
      decoding={lazy ? 'async' : undefined}
      fetchPriority={priority === 'high' ? 'high' : undefined}
    />
  );
}
