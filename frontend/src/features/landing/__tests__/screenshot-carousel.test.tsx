import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenshotCarousel } from '../components/screenshot-carousel';
import { CAROUSEL_INTERVAL_MS } from '../landing-content';

const slides = ['Late payment chat', 'Vague timeline chat', 'Missing contract chat'].map(
  (text, index) => ({ id: `slide-${index}`, content: <p>{text}</p> }),
);

// Events are fired directly: with fake timers, Testing Library's user-event would wait forever.
function renderCarousel() {
  render(
    <ScreenshotCarousel
      label="Chats with brands"
      slides={slides}
      interval={CAROUSEL_INTERVAL_MS}
    />,
  );
}

/** The one slide a visitor can see (the others are hidden, also from assistive technology). */
const visibleSlide = () => screen.getByRole('group', { name: /of 3$/ });
const carousel = () => screen.getByRole('region', { name: 'Chats with brands' });
const button = (name: string) => screen.getByRole('button', { name });
const focus = (element: HTMLElement) => {
  act(() => {
    element.focus();
  });
};
const wait = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

function preferReducedMotion() {
  const reduced = {
    media: '(prefers-reduced-motion: reduce)',
    matches: true,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as MediaQueryList;
  vi.spyOn(window, 'matchMedia').mockReturnValue(reduced);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ScreenshotCarousel', () => {
  it('is announced as a carousel of slides', () => {
    renderCarousel();
    expect(carousel()).toHaveAttribute('aria-roledescription', 'carousel');
    expect(visibleSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(visibleSlide()).toHaveAccessibleName('1 of 3');
    expect(visibleSlide()).toHaveTextContent('Late payment chat');
  });

  it('moves to the next slide every 2.5 s and starts over after the last', () => {
    renderCarousel();
    wait(CAROUSEL_INTERVAL_MS - 1);
    expect(visibleSlide()).toHaveTextContent('Late payment chat');
    wait(1);
    expect(visibleSlide()).toHaveTextContent('Vague timeline chat');
    wait(CAROUSEL_INTERVAL_MS);
    expect(visibleSlide()).toHaveTextContent('Missing contract chat');
    wait(CAROUSEL_INTERVAL_MS);
    expect(visibleSlide()).toHaveTextContent('Late payment chat');
  });

  it('marks the current slide among the dots, and a dot shows its slide', () => {
    renderCarousel();
    expect(button('Slide 1 of 3')).toHaveAttribute('aria-current', 'true');

    fireEvent.click(button('Slide 3 of 3'));
    expect(visibleSlide()).toHaveTextContent('Missing contract chat');
    expect(button('Slide 3 of 3')).toHaveAttribute('aria-current', 'true');
    expect(button('Slide 1 of 3')).not.toHaveAttribute('aria-current');
  });

  it('pauses while the pointer is over it, then waits only for the rest of the interval', () => {
    renderCarousel();
    wait(1000);
    fireEvent.pointerEnter(carousel());
    wait(CAROUSEL_INTERVAL_MS * 3);
    expect(visibleSlide()).toHaveTextContent('Late payment chat');

    fireEvent.pointerLeave(carousel());
    wait(CAROUSEL_INTERVAL_MS - 1000 - 1);
    expect(visibleSlide()).toHaveTextContent('Late payment chat');
    wait(1);
    expect(visibleSlide()).toHaveTextContent('Vague timeline chat');
  });

  it('pauses while focus is inside it and resumes when focus leaves', () => {
    renderCarousel();
    focus(button('Slide 2 of 3'));
    wait(CAROUSEL_INTERVAL_MS * 3);
    expect(visibleSlide()).toHaveTextContent('Late payment chat');

    act(() => {
      button('Slide 2 of 3').blur();
    });
    wait(CAROUSEL_INTERVAL_MS);
    expect(visibleSlide()).toHaveTextContent('Vague timeline chat');
  });

  it('is announced politely whenever it is not turning by itself', () => {
    renderCarousel();
    const liveRegion = visibleSlide().parentElement;
    expect(liveRegion).toHaveAttribute('aria-live', 'off');
    focus(button('Next slide'));
    expect(liveRegion).toHaveAttribute('aria-live', 'polite');
  });

  it('can be stopped and started again with its own button', () => {
    renderCarousel();
    fireEvent.click(button('Stop automatic slide show'));
    wait(CAROUSEL_INTERVAL_MS * 3);
    expect(visibleSlide()).toHaveTextContent('Late payment chat');

    fireEvent.click(button('Start automatic slide show'));
    wait(CAROUSEL_INTERVAL_MS);
    expect(visibleSlide()).toHaveTextContent('Vague timeline chat');
  });

  it('does not turn by itself for visitors who prefer reduced motion', () => {
    preferReducedMotion();
    renderCarousel();
    wait(CAROUSEL_INTERVAL_MS * 3);
    expect(visibleSlide()).toHaveTextContent('Late payment chat');
    expect(button('Start automatic slide show')).toBeInTheDocument();

    fireEvent.click(button('Next slide'));
    expect(visibleSlide()).toHaveTextContent('Vague timeline chat');
  });

  it('is operable from the keyboard: arrows, Home and End, previous and next', () => {
    renderCarousel();
    const press = (key: string) => {
      const target = document.activeElement ?? document.body;
      fireEvent.keyDown(target, { key });
    };
    focus(button('Slide 1 of 3'));
    press('ArrowRight');
    expect(visibleSlide()).toHaveTextContent('Vague timeline chat');
    press('End');
    expect(visibleSlide()).toHaveTextContent('Missing contract chat');
    press('ArrowRight');
    expect(visibleSlide()).toHaveTextContent('Late payment chat');
    press('ArrowLeft');
    expect(visibleSlide()).toHaveTextContent('Missing contract chat');
    press('Home');
    expect(visibleSlide()).toHaveTextContent('Late payment chat');

    // Buttons: Enter and Space activate them like a click.
    fireEvent.click(button('Previous slide'));
    expect(visibleSlide()).toHaveTextContent('Missing contract chat');
  });
});
