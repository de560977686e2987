/**
 * An accessible image carousel (WAI-ARIA APG carousel pattern) on the browser's own scrolling: the
 * slides are a row that scrolls sideways and snaps to each one (CSS scroll-snap), so a swipe works
 * before any JavaScript has run, and without a library (decision 034). The script adds the
 * previous/next buttons (wrapping around), one button per slide showing the current one, the arrow
 * keys while the focus is inside, and the announcement of the slide chosen. No autoplay. With
 * reduced motion, buttons and keys jump to the slide instead of scrolling to it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ContentImage } from '~/components/content-image';
import type { CarouselSlide } from '../types';
import '../carousel.css';

interface CarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel. */
  label: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

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

/** The slide the row shows, from how far it has scrolled. */
function slideShown(viewport: HTMLElement, count: number): number | null {
  const width = viewport.clientWidth;
  if (width === 0) return null;
  return Math.min(count - 1, Math.max(0, Math.round(viewport.scrollLeft / width)));
}

export function Carousel({ slides, label }: CarouselProps) {
  const count = slides.length;
  const [selected, setSelected] = useState(0);
  /** Announce slide changes only after the person used the controls, not on page load. */
  const [interacted, setInteracted] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  /**
   * The slide a button is scrolling to, until the row gets there: the slides it passes on the way
   * are not a choice (they would flicker in the indicator and be announced).
   */
  const scrollingTo = useRef<number | null>(null);

  // A swipe (or any scrolling of the row) chooses the slide it stops on.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onScroll = () => {
      const shown = slideShown(viewport, count);
      if (shown === null) return;
      if (scrollingTo.current !== null) {
        if (shown !== scrollingTo.current) return;
        scrollingTo.current = null;
      }
      setSelected(shown);
    };
    const onSwipeStart = () => {
      scrollingTo.current = null;
      setInteracted(true);
    };
    viewport.addEventListener('scroll', onScroll, { passive: true });
    viewport.addEventListener('pointerdown', onSwipeStart, { passive: true });
    viewport.addEventListener('wheel', onSwipeStart, { passive: true });
    // A swipe made before this script ran (the row scrolls without it) counts too.
    onScroll();
    return () => {
      viewport.removeEventListener('scroll', onScroll);
      viewport.removeEventListener('pointerdown', onSwipeStart);
      viewport.removeEventListener('wheel', onSwipeStart);
    };
  }, [count]);

  const goTo = useCallback(
    (index: number) => {
      const target = (index + count) % count;
      setInteracted(true);
      setSelected(target);
      const viewport = viewportRef.current;
      if (!viewport) return;
      scrollingTo.current = slideShown(viewport, count) === target ? null : target;
      viewport.scrollTo({
        left: target * viewport.clientWidth,
        behavior: window.matchMedia(REDUCED_MOTION).matches ? 'instant' : 'smooth',
      });
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
      {/* The scrolling row holds no control: focusable itself, a keyboard can reach and scroll it
          (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region */}
      <div className="carousel__viewport" ref={viewportRef} tabIndex={0}>
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
