import CalendarCheck from "lucide-react/icons/calendar-check";
import Clock from "lucide-react/icons/clock";
import MonitorPlay from "lucide-react/icons/monitor-play";
import { SchedulingWidget } from "#app/features/book-demo/scheduling-widget.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Book a Demo",
    description:
      "Pick a time for a 30-minute walkthrough of custom quotes, the online shop, kitchen and delivery, tailored to your bakery.",
    canonicalPath: "/book-demo",
  });

const expectations = [
  { icon: Clock, text: "30 minutes, on video" },
  { icon: MonitorPlay, text: "A live tour tailored to your bakery" },
  { icon: CalendarCheck, text: "Your questions on pricing and set-up answered" },
];

export default function BookDemo() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-cream">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-[1fr_1.6fr] lg:px-8">
        <div className="flex flex-col gap-5">
          <h1 className="font-semibold text-4xl text-ink sm:text-5xl">Book a Demo</h1>
          <p className="text-cocoa text-lg leading-relaxed">
            See how bakeries take custom orders, sell online, plan the kitchen and deliver, all from
            one place. Pick a time that suits you.
          </p>
          <ul className="flex flex-col gap-3">
            {expectations.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-ink">
                <span className="flex size-9 items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-brand-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <SchedulingWidget />
      </div>
    </div>
  );
}
