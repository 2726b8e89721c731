import { BookDemoLink } from "#app/layout/book-demo-link.tsx";

export function ClosingCta() {
  return (
    <section
      aria-labelledby="upgrade-title"
      className="render-near-viewport px-4 pb-20 sm:px-6 lg:px-8"
    >
      <div className="dark-surface mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-14 text-center text-white shadow-card sm:px-12">
        <h2 id="upgrade-title" className="font-semibold text-3xl sm:text-4xl">
          Upgrade your Bakery
        </h2>
        <p className="max-w-2xl text-brand-100 text-lg">
          See how custom quotes, your online shop, the kitchen and delivery work together in a
          30-minute walkthrough tailored to your bakery.
        </p>
        <BookDemoLink size="lg" variant="inverse" />
      </div>
    </section>
  );
}
