/**
 * An accessible image carousel (WAI-ARIA APG carousel pattern) on Embla: previous/next buttons,
 * one button per slide, arrow keys while the focus is inside, swipe. No autoplay. With reduced
 * motion, buttons and keys jump to the slide instead of scrolling to it.
 */
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ContentImage } from '~/components/content-image';
import { usePrefersReducedMotion } from '~/hooks/use-prefers-reduced-motion';
import type { CarouselSlide } from '../types';
import '../carousel.css';

interface CarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel. */
  label: string;
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Carousel({ slides, label }: CarouselProps) {
  const count = slides.length;
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  /** Announce slide changes only after the person used the controls, not on page load. */
  const [interacted, setInteracted] = useState(false);
  const rootRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    const onPointerDown = () => setInteracted(true);
    emblaApi.on('select', onSelect);
    emblaApi.on('pointerDown', onPointerDown);
    return () => {
      emblaApi.off('select', onSelect);
      emblaApi.off('pointerDown', onPointerDown);
    };
  }, [emblaApi]);

  // Embla follows the selected slide, including a choice made before it was ready (a click in the
  // moment between hydration and Embla's start); its own 'select' events set it back in step.
  useEffect(() => {
    if (emblaApi && emblaApi.selectedScrollSnap() !== selected) {
      emblaApi.scrollTo(selected, reducedMotion);
    }
  }, [emblaApi, selected, reducedMotion]);

  const goTo = useCallback(
    (index: number) => {
      setInteracted(true);
      setSelected((index + count) % count);
    },
    [count],
  );

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') goTo(selected - 1);
      else if (event.key === 'ArrowRight') goTo(selected + 1);
      else return;
      event.preventDefault();
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, [goTo, selected]);

  const current = slides[selected];

  return (
    <section ref={rootRef} className="carousel" aria-roledescription="carrossel" aria-label={label}>
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container">
          {slides.map((slide, index) => (
            <div
              key={slide.image.src}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} de ${count}`}
            >
              <figure className="carousel__figure">
                <ContentImage
                  className="carousel__image"
                  image={slide.image}
                  priority={index === 0 ? 'high' : 'lazy'}
                />
                <figcaption>{slide.caption}</figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Imagem anterior"
          onClick={() => goTo(selected - 1)}
        >
          <ArrowIcon direction="left" />
        </button>
        <ul className="carousel__dots plain-list">
          {slides.map((slide, index) => (
            <li key={slide.image.src}>
              <button
                type="button"
                className="carousel__dot"
                aria-label={`Mostrar imagem ${index + 1} de ${count}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Próxima imagem"
          onClick={() => goTo(selected + 1)}
        >
          <ArrowIcon direction="right" />
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {interacted && current ? `Imagem ${selected + 1} de ${count}: ${current.caption}` : ''}
      </p>
    </section>
  );
}
