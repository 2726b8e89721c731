import { sitePathForPage } from "@bakery/shared/content-page-address";
import { useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { ContentPageView } from "#app/features/content-pages/content-page-view.tsx";
import { WaitingForApp } from "#app/layout/waiting-for-app.tsx";

// No tags from the route: the page names the tab itself once it knows its title (the Node
// server's answer knows it in the HTML already), and the product's title would come first.
export const meta = () => [];

export default function ContentPageByHandle() {
  const { handle = "" } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  // Each page has one address, as the Node server's 301 says (handles are case-insensitive,
  // the legal pages have routes of their own). A static host serves every /page/ address as
  // typed, so the app takes the visitor there, in place of the typed one in the history.
  const address = sitePathForPage(handle.toLowerCase());
  const moved = address !== sitePathForPage(handle);
  useEffect(() => {
    if (moved) void navigate({ pathname: address, search, hash }, { replace: true });
  }, [moved, navigate, address, search, hash]);
  if (moved) return <WaitingForApp title="Loading the page" />;
  return <ContentPageView key={handle} handle={handle} />;
}
