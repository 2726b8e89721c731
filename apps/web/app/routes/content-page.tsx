import { useParams } from "react-router";
import { ContentPageView } from "#app/features/content-pages/content-page-view.tsx";

// No tags from the route: the page names the tab itself once it knows its title (the Node
// server's answer knows it in the HTML already), and the product's title would come first.
export const meta = () => [];

export default function ContentPageByHandle() {
  const { handle = "" } = useParams();
  return <ContentPageView key={handle} handle={handle} />;
}
