import { HomeContent } from "@/components/marketing/home-content";

export default function HomePage() {
  return <HomeContent />;
}
