import Quote from "lucide-react/icons/quote";
import { useEffect, useState } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { usePrefersReducedMotion } from "#app/ui/use-prefers-reduced-motion.ts";
import { type Testimonial, testimonialLogoUrl, testimonials } from "./testimonials.ts";

/** How long each testimonial stays before the next one fades in. */
export const slideIntervalMs = 7000;

/**
 * Loops through the testimonials with a 1000 ms transition; no arrows,
 * indicators or swipe (spec §4). It pauses while hovered or focused, and
 * under reduced motion it does not move at all: every testimonial is shown.
 *
 * A Pause button stops it for good (WCAG 2.2.2): someone reading a quote with a screen
 * reader's virtual cursor neither hovers nor focuses it, and would have it taken away
 * every 7 s. The button shows only once the app runs (the HTML alone never turns the
 * cards) and only where the cards move.
 */
export function TestimonialCarousel() {
  const [active, setActive] = useState(0);
  // The cards fade only once the app has turned the carousel: the HTML alone never turns it, and
  // a browser that first styles the section as it nears the screen (render-near-viewport) would
  // otherwise fade the hidden cards out over the visible one.
  const [turned, setTurned] = useState(false);
  const [paused, setPaused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !reducedMotion && !paused && !stopped;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      setTurned(true);
      setActive((index) => (index + 1) % testimonials.length);
    }, slideIntervalMs);
    return () => window.clearInterval(timer);
  }, [rotating]);

  return (
    <section aria-labelledby="testimonials-title" className="render-near-viewport py-16 md:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <h2
          id="testimonials-title"
          className="text-center font-semibold text-3xl text-ink sm:text-4xl"
        >
          Trusted by the top tech-forward bakeries
        </h2>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the rotation */}
        <div
          className="mt-10 grid gap-6"
          data-testid="testimonial-carousel"
          data-paused={!rotating}
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          {testimonials.map((testimonial, index) => {
            const shown = reducedMotion || index === active;
            return (
              <TestimonialCard
                key={testimonial.id}
                testimonial={testimonial}
                shown={shown}
                className={`[grid-area:1/1] motion-reduce:[grid-area:auto] ${
                  turned
                    ? "transition-[opacity,translate] duration-1000 ease-out motion-reduce:transition-none"
                    : ""
                } ${
                  shown
                    ? "translate-x-0 opacity-100"
                    : "pointer-events-none translate-x-6 opacity-0"
                }`}
              />
            );
          })}
        </div>
        {/* Outside the hover and focus area, so Play turns the cards at once. */}
        <div className="mt-6 hidden justify-center motion-safe:[[data-hydrated]_&]:flex">
          <button
            type="button"
            onClick={() => setStopped(!stopped)}
            className={buttonClasses("ghost")}
          >
            {stopped ? "Play" : "Pause"}
            <span className="sr-only"> the testimonials</span>
          </button>
        </div>
      </div>
    </section>
  );
}

function TestimonialCard({
  testimonial,
  shown,
  className,
}: {
  testimonial: Testimonial;
  shown: boolean;
  className: string;
}) {
  return (
    <figure
      aria-hidden={!shown}
      inert={!shown}
      data-active={shown}
      className={`flex flex-col gap-6 rounded-3xl bg-white p-8 shadow-card ring-1 ring-brand-900/5 sm:p-10 ${className}`}
    >
      <Quote aria-hidden="true" className="size-8 text-brand-300" />
      <blockquote className="font-display text-ink text-xl leading-relaxed sm:text-2xl">
        <p>{testimonial.text}</p>
      </blockquote>
      <figcaption className="flex items-center gap-4">
        <img
          src={testimonialLogoUrl(testimonial)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 rounded-full bg-flour"
        />
        <span className="flex flex-col">
          <span className="font-semibold text-ink">{testimonial.name}</span>
          {testimonial.link ? (
            <a
              href={testimonial.link}
              rel="noopener"
              className="text-brand-700 underline-offset-4 hover:underline"
            >
              {testimonial.bizName}
            </a>
          ) : (
            <span className="text-cocoa">{testimonial.bizName}</span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}
