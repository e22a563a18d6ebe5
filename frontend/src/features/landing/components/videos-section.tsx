import { sectionIds, upcomingVideos } from '../landing-content';
import { FilmIcon } from './icons';

/** Where the videos will be. None is published yet, so it says what is coming: no fake player. */
export function VideosSection() {
  return (
    <section
      id={sectionIds.videos}
      aria-labelledby="videos-title"
      tabIndex={-1}
      className="scroll-mt-16 bg-slate-50 px-4 py-20 outline-none sm:px-6 dark:bg-slate-900/60"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-10">
        <div className="mx-auto flex max-w-2xl flex-col gap-4 text-center">
          <h2
            id="videos-title"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            Videos
          </h2>
          <p className="text-lg text-slate-700 dark:text-slate-300">
            Short explainers and creator stories are being filmed. They will appear here first, and
            waitlist members hear about each one as it is released.
          </p>
        </div>
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
      </div>
    </section>
  );
}
