import { sectionIds, upcomingVideos } from '../landing-content';
import { FilmIcon } from './icons';
import { LandingSection } from './landing-section';

/** Where the videos will be. None is published yet, so it says what is coming: no fake player. */
export function VideosSection() {
  return (
    <LandingSection
      id={sectionIds.videos}
      title="Videos"
      gap="gap-10"
      className="bg-slate-50 dark:bg-slate-900/60"
      intro="Short explainers and creator stories are being filmed. They will appear here first, and waitlist members hear about each one as it is released."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {upcomingVideos.map((video) => (
          <li
            key={video.title}
            className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
          >
            <div className="flex aspect-video items-center justify-center bg-gradient-to-br from-indigo-100 to-violet-200 dark:from-indigo-950 dark:to-violet-950">
              <FilmIcon className="size-10 text-indigo-700 dark:text-indigo-300" />
            </div>
            <div className="flex flex-col gap-1 p-5">
              <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
                Coming soon · {video.length}
              </p>
              <h3 className="font-semibold text-slate-900 dark:text-white">{video.title}</h3>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
