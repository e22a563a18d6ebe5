import { brand } from '@/config/brand';
import {
  brandChats,
  CAROUSEL_INTERVAL_MS,
  CREATORS_SPOKEN_TO,
  creatorPosts,
  painPoints,
  sectionIds,
} from '../landing-content';
import { ChatScreenshot } from './chat-screenshot';
import { CalendarMissedIcon, MissingContractIcon, RupeeIcon } from './icons';
import { LandingSection } from './landing-section';
import { ScreenshotCarousel } from './screenshot-carousel';
import { SocialPost } from './social-post';

const chatSlides = brandChats.map((chat) => ({
  id: chat.id,
  content: <ChatScreenshot chat={chat} />,
}));
const postSlides = creatorPosts.map((post) => ({
  id: post.id,
  content: <SocialPost post={post} />,
}));
const painIcons = [CalendarMissedIcon, RupeeIcon, MissingContractIcon] as const;

export function IndustryIssues() {
  return (
    <LandingSection
      id={sectionIds.industryIssues}
      title="Industry Issues"
      gap="gap-12"
      intro={
        <>
          We spoke with over {CREATORS_SPOKEN_TO} creators. Late payments, vague timelines and
          missing contracts came up again and again, in chats with brands and in public posts.
        </>
      }
    >
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <h3 className="text-center text-xl font-semibold text-slate-900 dark:text-white">
            Chats with brands
          </h3>
          <ScreenshotCarousel
            label="Chats with brands"
            slides={chatSlides}
            interval={CAROUSEL_INTERVAL_MS}
          />
        </div>
        <div className="flex flex-col gap-4">
          <h3 className="text-center text-xl font-semibold text-slate-900 dark:text-white">
            What creators are posting
          </h3>
          <ScreenshotCarousel
            label="What creators are posting"
            slides={postSlides}
            interval={CAROUSEL_INTERVAL_MS}
          />
        </div>
      </div>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Recreated by {brand.name} from what creators shared with us. Names, brands and amounts are
        invented.
      </p>
      <ul className="grid gap-6 md:grid-cols-3">
        {painPoints.map((painPoint, index) => {
          const Icon = painIcons[index] ?? CalendarMissedIcon;
          return (
            <li
              key={painPoint.title}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300">
                <Icon className="size-6" />
              </span>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                {painPoint.title}
              </h3>
              <p className="text-slate-700 dark:text-slate-300">{painPoint.problem}</p>
              <p className="mt-auto border-t border-slate-200 pt-3 text-sm font-medium text-emerald-800 dark:border-slate-800 dark:text-emerald-300">
                With {brand.name}: {painPoint.fix}
              </p>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
