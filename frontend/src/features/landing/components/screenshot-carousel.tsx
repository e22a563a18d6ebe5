import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useAutoAdvance } from '../hooks/use-auto-advance';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from './icons';

export interface CarouselSlide {
  id: string;
  content: ReactNode;
}

interface ScreenshotCarouselProps {
  /** Names the carousel for screen readers, e.g. "Chats with brands". */
  label: string;
  slides: readonly CarouselSlide[];
  interval: number;
}

type Rotation = 'playing' | 'stopped';

const keySteps: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowLeft: (index) => index - 1,
  ArrowRight: (index) => index + 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Where a slide stands: the current one in place, the others out of sight on the side they come
 * from. Slides move rather than fade, so no frame ever shows their text half transparent (below
 * its contrast): the leaving slide stays visible while it slides out (visibility turns hidden at
 * the end of the transition), the coming one is visible from the start.
 */
const slidePosition = (slideIndex: number, index: number) =>
  slideIndex === index
    ? 'translate-x-0'
    : slideIndex < index
      ? '-translate-x-full'
      : 'translate-x-full';

/**
 * Screenshots that take turns every `interval` ms. Rotation pauses while the pointer is over the
 * carousel or focus is inside it, is off by default for people who prefer reduced motion, and can
 * be stopped for good with its own button (WCAG 2.2.2). Screen readers hear the slide that
 * appears only when someone changed it: announcing every automatic turn would drown the page.
 */
export function ScreenshotCarousel({ label, slides, interval }: ScreenshotCarouselProps) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [choice, setChoice] = useState<Rotation | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = (choice ?? (reducedMotion ? 'stopped' : 'playing')) === 'playing';
  const paused = !rotating || hovered || focused;
  const { index, goTo } = useAutoAdvance(slides.length, interval, paused);
  const slidesId = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    const step = keySteps[event.key];
    if (!step) return;
    event.preventDefault();
    goTo(step(index, slides.length));
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => {
        setHovered(true);
      }}
      onPointerLeave={() => {
        setHovered(false);
      }}
      onFocus={() => {
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-4"
    >
      <div
        id={slidesId}
        aria-live={paused ? 'polite' : 'off'}
        className="grid overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-50 to-violet-100 p-4 sm:p-6 dark:from-slate-900 dark:to-indigo-950"
      >
        {slides.map((slide, slideIndex) => {
          const current = slideIndex === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${slideIndex + 1} of ${slides.length}`}
              // Stacked in one cell: the carousel keeps the height of its tallest slide, so
              // turning slides never shifts the page below.
              style={{ visibility: current ? 'visible' : 'hidden' }}
              className={`flex items-center justify-center [grid-area:1/1] ${slidePosition(slideIndex, index)} motion-safe:transition-[translate,visibility] motion-safe:duration-500`}
            >
              {slide.content}
            </div>
          );
        })}
      </div>
      <ProgressBar
        key={index}
        interval={interval}
        running={rotating && !reducedMotion}
        paused={paused}
      />
      <div className="flex items-center justify-center gap-2">
        <RotationButton
          rotating={rotating}
          controls={slidesId}
          onToggle={() => {
            setChoice(rotating ? 'stopped' : 'playing');
          }}
        />
        <IconButton
          label="Previous slide"
          controls={slidesId}
          onClick={() => {
            goTo(index - 1);
          }}
        >
          <PreviousIcon />
        </IconButton>
        <div role="group" aria-label="Slides" className="flex items-center">
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.id}
              type="button"
              aria-label={`Slide ${slideIndex + 1} of ${slides.length}`}
              aria-current={slideIndex === index ? 'true' : undefined}
              aria-controls={slidesId}
              onClick={() => {
                goTo(slideIndex);
              }}
              className="group flex size-8 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${
                  slideIndex === index
                    ? 'w-6 bg-indigo-600 dark:bg-indigo-400'
                    : 'w-2.5 bg-slate-400 group-hover:bg-slate-500 dark:bg-slate-500 dark:group-hover:bg-slate-400'
                }`}
              />
            </button>
          ))}
        </div>
        <IconButton
          label="Next slide"
          controls={slidesId}
          onClick={() => {
            goTo(index + 1);
          }}
        >
          <NextIcon />
        </IconButton>
      </div>
    </section>
  );
}

interface IconButtonProps {
  label: string;
  controls: string;
  onClick: () => void;
  children: ReactNode;
}

function IconButton({ label, controls, onClick, children }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {children}
    </button>
  );
}

function RotationButton(props: { rotating: boolean; controls: string; onToggle: () => void }) {
  const { rotating, controls, onToggle } = props;
  const Icon = rotating ? PauseIcon : PlayIcon;
  return (
    <IconButton
      label={rotating ? 'Stop automatic slide show' : 'Start automatic slide show'}
      controls={controls}
      onClick={onToggle}
    >
      <Icon className="size-4" />
    </IconButton>
  );
}

/**
 * How long until the next slide: fills over `interval` ms, freezes while rotation is paused.
 * Decorative (the rotation button tells the same to assistive technology).
 */
function ProgressBar(props: { interval: number; running: boolean; paused: boolean }) {
  const { interval, running, paused } = props;
  const bar = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);

  useEffect(() => {
    const element = bar.current;
    // jsdom (component tests) has no Web Animations API.
    if (!running || !element || typeof element.animate !== 'function') return;
    const filling = element.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
      duration: interval,
      easing: 'linear',
      fill: 'forwards',
    });
    animation.current = filling;
    return () => {
      filling.cancel();
      animation.current = null;
    };
  }, [interval, running]);

  useEffect(() => {
    if (paused) animation.current?.pause();
    else animation.current?.play();
  }, [paused, running]);

  return (
    <div
      aria-hidden="true"
      className="mx-auto h-1 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <div
        ref={bar}
        data-testid="carousel-progress"
        className="h-full origin-left scale-x-0 bg-indigo-600 dark:bg-indigo-400"
      />
    </div>
  );
}
