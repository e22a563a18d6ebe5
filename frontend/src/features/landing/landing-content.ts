/**
 * What the landing page shows. The chats and posts are recreated in Paylock's own words from what
 * creators told us: every name, handle, brand and amount is invented.
 */

export const sectionIds = { industryIssues: 'industry-issues', videos: 'videos' } as const;

export const CAROUSEL_INTERVAL_MS = 2500;
export const OPAQUE_AFTER_SCROLL_PX = 50;
export const CREATORS_SPOKEN_TO = '1,000';

export interface ChatMessage {
  from: 'creator' | 'brand';
  text: string;
  time: string;
}

export interface ChatScreenshotContent {
  id: string;
  contact: string;
  contactRole: string;
  day: string;
  messages: readonly ChatMessage[];
  /** What a screen reader announces instead of the bubbles. */
  summary: string;
}

export interface SocialPostContent {
  id: string;
  author: string;
  handle: string;
  posted: string;
  text: string;
  replies: number;
  reposts: number;
  likes: number;
  summary: string;
}

export const brandChats: readonly ChatScreenshotContent[] = [
  {
    id: 'chat-processing',
    contact: 'Rohan · UrbanKettle Foods',
    contactRole: 'Brand manager',
    day: 'Monday',
    messages: [
      { from: 'creator', text: 'Hi Rohan! The reel went live on 12 March', time: '10:02' },
      { from: 'creator', text: 'When can I expect the ₹35,000?', time: '10:03' },
      { from: 'brand', text: 'Finance is processing it, should be this week', time: '13:40' },
      { from: 'creator', text: "It's been 6 weeks now. Any update?", time: '09:15' },
      { from: 'brand', text: 'Will check and revert', time: '18:52' },
    ],
    summary:
      'Chat with a brand manager at UrbanKettle Foods: a ₹35,000 payment for a reel is still "processing" six weeks after the reel went live.',
  },
  {
    id: 'chat-scope',
    contact: 'Meera · Zestly Skincare',
    contactRole: 'Marketing lead',
    day: 'Yesterday',
    messages: [
      { from: 'brand', text: 'Can you also add 2 stories and a YouTube Short?', time: '11:20' },
      {
        from: 'creator',
        text: "Sure! What's the deadline, and is that within the ₹60,000?",
        time: '11:24',
      },
      { from: 'brand', text: 'Deadline is flexible, just post ASAP', time: '12:05' },
      { from: 'brand', text: "We'll sort out the amount later", time: '12:05' },
    ],
    summary:
      'Chat with a marketing lead at Zestly Skincare: extra deliverables are added with no deadline, and the ₹60,000 fee is left to "sort out later".',
  },
  {
    id: 'chat-contract',
    contact: 'Kabir · BrightBeam Media',
    contactRole: 'Agency',
    day: 'Today',
    messages: [
      { from: 'creator', text: 'Could you send the contract before I shoot?', time: '16:31' },
      { from: 'brand', text: 'Contract? We work on trust only', time: '16:33' },
      {
        from: 'brand',
        text: 'Just post by Friday, payment after the campaign closes',
        time: '16:33',
      },
      { from: 'creator', text: 'Even an email confirming ₹25,000 would help', time: '16:40' },
    ],
    summary:
      'Chat with an agency, BrightBeam Media: no contract and no written confirmation of a ₹25,000 fee, payment only "after the campaign closes".',
  },
];

export const creatorPosts: readonly SocialPostContent[] = [
  {
    id: 'post-pending',
    author: 'Sanya Kapoor',
    handle: '@sanyacreates',
    posted: '2h',
    text: '3 months since my campaign with a "big D2C brand" ended. ₹80,000 still pending. Every follow-up gets the same reply: next week. #CreatorLife',
    replies: 214,
    reposts: 1300,
    likes: 9800,
    summary:
      'Post by creator Sanya Kapoor: ₹80,000 still unpaid three months after a campaign ended, with every follow-up answered "next week".',
  },
  {
    id: 'post-verbal',
    author: 'Vivek Iyer',
    handle: '@techwithvivek',
    posted: '5h',
    text: 'Rule I learned the hard way: no contract, no content. Lost ₹1.2 lakh last year to "verbal deals" that brands later forgot.',
    replies: 96,
    reposts: 720,
    likes: 5400,
    summary:
      'Post by creator Vivek Iyer: he lost ₹1.2 lakh last year to verbal deals without contracts.',
  },
  {
    id: 'post-timeline',
    author: 'Ishita Rao',
    handle: '@dancebyishita',
    posted: '1d',
    text: 'Brand asked for 4 revisions, then said the timeline "was always flexible" and moved my payment to after Diwali. Rent is not flexible.',
    replies: 158,
    reposts: 940,
    likes: 7100,
    summary:
      'Post by creator Ishita Rao: after four revisions the brand called the timeline flexible and moved her payment to after Diwali.',
  },
];

export interface PainPoint {
  title: string;
  problem: string;
  fix: string;
}

export const painPoints: readonly PainPoint[] = [
  {
    title: 'No Clear Timeline',
    problem:
      '"Post ASAP" and "payment soon" are not dates. Deliverables grow while deadlines drift.',
    fix: 'Every deal is split into milestones with fixed dates, agreed before you start.',
  },
  {
    title: 'Delayed or Missed Payments',
    problem: 'Invoices sit in "processing" for months, and follow-ups cost you time and goodwill.',
    fix: 'The brand funds each milestone upfront; you are paid as soon as it is approved.',
  },
  {
    title: 'No Contracts or Informal Agreements',
    problem:
      'A DM is not a contract. Without one, scope, usage rights and fees are whatever the brand remembers.',
    fix: 'A legal contract for every collaboration, generated from the terms you both accept.',
  },
];

export const upcomingVideos: readonly { title: string; length: string }[] = [
  { title: 'How milestone payments work', length: '2 min explainer' },
  { title: 'What a Paylock contract covers', length: '3 min walkthrough' },
  { title: 'Creators on getting paid on time', length: 'Creator stories' },
];

export interface SocialProfile {
  network: 'Instagram' | 'X' | 'LinkedIn' | 'YouTube';
  url: string;
}

export const socialProfiles: readonly SocialProfile[] = [
  { network: 'Instagram', url: 'https://www.instagram.com/paylock.app/' },
  { network: 'X', url: 'https://x.com/paylockapp' },
  { network: 'LinkedIn', url: 'https://www.linkedin.com/company/paylock-app/' },
  { network: 'YouTube', url: 'https://www.youtube.com/@paylockapp' },
];
