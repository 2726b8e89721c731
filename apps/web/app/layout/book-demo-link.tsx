import { Link } from "react-router";
import { buttonClasses } from "#app/ui/button-styles.ts";

type BookDemoLinkProps = {
  size?: "md" | "lg";
  variant?: "primary" | "inverse";
  className?: string;
};

/** The site's main call to action, everywhere the same words and target. */
export function BookDemoLink({
  size = "md",
  variant = "primary",
  className = "",
}: BookDemoLinkProps) {
  return (
    <Link to="/book-demo" className={`${buttonClasses(variant, size)} ${className}`}>
      Book a Demo
    </Link>
  );
}
