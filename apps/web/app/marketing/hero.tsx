import ArrowRight from "lucide-react/icons/arrow-right";
import Check from "lucide-react/icons/check";
import { Link } from "react-router";
import { BookDemoLink } from "#app/layout/book-demo-link.tsx";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { VideoFacade } from "./video-facade.tsx";

const reassurances = ["Built only for bakeries", "$500/month flat", "No long-term contract"];

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-cream"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:pt-16 lg:grid-cols-[1fr_1.1fr] lg:px-8 lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full border border-brand-200 bg-white px-3 py-1 font-semibold text-brand-800 text-sm">
            Bakery management software
          </p>
          <h1
            id="hero-title"
            className="font-semibold text-4xl text-ink leading-[1.08] sm:text-5xl xl:text-6xl"
          >
            Run your whole bakery from one place
          </h1>
          <p className="max-w-xl text-cocoa text-lg leading-relaxed sm:text-xl">
            Instant custom cake quotes, an online shop that knows your lead times, a one-click
            baking plan and delivery that plans itself. Less admin, more baking.
          </p>
          <div className="flex flex-wrap gap-3">
            <BookDemoLink size="lg" />
            <Link to="/pricing" className={buttonClasses("secondary", "lg")}>
              See pricing <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-cocoa text-sm">
            {reassurances.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 text-brand-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <VideoFacade />
      </div>
    </section>
  );
}
