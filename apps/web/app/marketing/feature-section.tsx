import CheckCircle2 from "lucide-react/icons/circle-check";
import type { ReactNode } from "react";
import { mediaUrl } from "#app/site-config.ts";
import type { LandingSection } from "./landing-sections.ts";

/** One pitch area of the landing page; illustrations alternate sides. */
export function FeatureSection({
  section,
  flipped,
  children,
}: {
  section: LandingSection;
  flipped: boolean;
  /** Shown under the pitch points, such as the cake section's sample quote. */
  children?: ReactNode;
}) {
  const titleId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      aria-labelledby={titleId}
      className="render-near-viewport py-14 md:py-20"
    >
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-10 px-4 sm:px-6 md:grid-cols-2 lg:gap-16 lg:px-8">
        <div className={flipped ? "md:order-2" : ""}>
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-wider">
            {section.eyebrow}
          </p>
          <h2 id={titleId} className="mt-2 font-semibold text-3xl text-ink sm:text-4xl">
            {section.title}
          </h2>
          <p className="mt-4 text-cocoa text-lg leading-relaxed">{section.intro}</p>
          <ul className="mt-6 flex flex-col gap-4">
            {section.points.map((point) => (
              <li key={point.title} className="flex gap-3">
                <CheckCircle2
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-brand-700"
                />
                <p className="text-cocoa">
                  <strong className="font-semibold text-ink">{point.title}.</strong> {point.text}
                </p>
              </li>
            ))}
          </ul>
          {children}
        </div>
        <img
          src={mediaUrl(section.illustration.file)}
          alt={section.illustration.alt}
          width={section.illustration.width}
          height={section.illustration.height}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-2xl bg-flour shadow-card ring-1 ring-brand-900/5"
        />
      </div>
    </section>
  );
}
