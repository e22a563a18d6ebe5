import { ClosingCallToAction } from './closing-call-to-action';
import { Hero } from './hero';
import { IndustryIssues } from './industry-issues';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { VideosSection } from './videos-section';

const MAIN_ID = 'main-content';

export function LandingPage() {
  return (
    <div className="min-h-screen">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-indigo-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <TopBar />
      <main id={MAIN_ID}>
        <Hero />
        <IndustryIssues />
        <VideosSection />
        <ClosingCallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
