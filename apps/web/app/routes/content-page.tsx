import { useParams } from "react-router";
import { ContentPageView } from "#app/features/content-pages/content-page-view.tsx";

export default function ContentPageByHandle() {
  const { handle = "" } = useParams();
  return <ContentPageView key={handle} handle={handle} />;
}
