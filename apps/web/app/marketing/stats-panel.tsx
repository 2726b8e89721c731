import { stats } from "./stats.ts";

export function StatsPanel() {
  return (
    <section
      aria-labelledby="stats-title"
      className="render-near-viewport bg-brand-800 py-14 text-white md:py-16"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="stats-title" className="text-center font-semibold text-2xl sm:text-3xl">
          What bakeries see after switching
        </h2>
        <dl className="mt-10 grid gap-4 sm:grid-cols-3">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col rounded-2xl bg-white/10 px-6 py-8 text-center ring-1 ring-white/15"
            >
              <dt className="order-2 mt-2 text-brand-100">{stat.label}</dt>
              <dd className="order-1 font-display font-semibold text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
