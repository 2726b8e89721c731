import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import { Link } from "react-router";
import { siteConfig } from "#app/site-config.ts";
import { Logo } from "#app/ui/logo.tsx";
import { FacebookIcon, InstagramIcon } from "#app/ui/social-icons.tsx";

const linkClass = "rounded text-cocoa underline-offset-4 hover:text-brand-800 hover:underline";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-brand-100 border-t bg-flour">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div className="flex flex-col gap-4">
          <Link
            to="/"
            className="self-start rounded-md"
            aria-label={`${siteConfig.PRODUCT_NAME} home`}
          >
            <Logo />
          </Link>
          <p className="max-w-xs text-cocoa text-sm">
            The all-in-one platform for bakeries: custom orders, online shop, kitchen and delivery.
          </p>
          <address className="flex items-start gap-2 text-cocoa text-sm not-italic">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {siteConfig.COMPANY_ADDRESS}
          </address>
        </div>
        <nav aria-label="Legal" className="flex flex-col gap-3 text-sm">
          <h2 className="font-sans font-semibold text-ink text-sm tracking-normal">Company</h2>
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className={linkClass}>
            Terms of Service
          </Link>
          <Link to="/pricing" className={linkClass}>
            Pricing
          </Link>
        </nav>
        <div className="flex flex-col gap-3 text-sm">
          <h2 className="font-sans font-semibold text-ink text-sm tracking-normal">Get in touch</h2>
          <a
            href={`mailto:${siteConfig.CONTACT_EMAIL}`}
            className={`${linkClass} inline-flex items-center gap-2`}
          >
            <Mail aria-hidden="true" className="size-4 text-brand-700" />
            {siteConfig.CONTACT_EMAIL}
          </a>
          <div className="flex gap-2">
            <a
              href={siteConfig.SOCIAL_INSTAGRAM_URL}
              aria-label="Instagram"
              rel="noopener"
              className="inline-flex size-10 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-800 hover:bg-brand-50"
            >
              <InstagramIcon className="size-5" />
            </a>
            <a
              href={siteConfig.SOCIAL_FACEBOOK_URL}
              aria-label="Facebook"
              rel="noopener"
              className="inline-flex size-10 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-800 hover:bg-brand-50"
            >
              <FacebookIcon className="size-5" />
            </a>
          </div>
        </div>
      </div>
      <div className="border-brand-100 border-t">
        {/* On a phone a page's floating button (the landing page's chat) would cover this
            line: the page then ends with room below it. */}
        <p className="mx-auto max-w-7xl px-4 py-5 text-cocoa text-xs sm:px-6 lg:px-8 max-sm:in-[body:has([data-floating-button])]:pb-24">
          © <span data-testid="copyright-year">{year}</span>{" "}
          {copyrightHolder(siteConfig.COMPANY_NAME)} All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** The company name as a sentence: "Rise Bakery Software, Inc." already ends in its period. */
function copyrightHolder(companyName: string): string {
  return companyName.endsWith(".") ? companyName : `${companyName}.`;
}
