/**
 * The seeded live channels: what a broadcaster sees on first start. Ten channels, three on air
 * (Main Stage and Newsroom 24/7 with timeshift, Studio B Talk without), one disabled, one
 * trashed, one that never broadcast; the others have ended broadcasts days ago.
 */

/** One seeded channel and its broadcasts. */
export interface ChannelPlan {
  title: string;
  customerCode: string;
  createdDaysAgo: number;
  useTimeshift: boolean;
  useChat: boolean;
  status?: 'disabled';
  trashed?: boolean;
  shared?: boolean;
  idleScreen?: boolean;
  viewerLimit: number;
  audiencePeak: number;
  /** Title of the broadcast on air now, if any. */
  onAir?: string;
  /** Manual recording of the on-air broadcast started this many minutes ago. */
  recordingForMinutes?: number;
  /** Titles of past broadcasts, newest first; one ended broadcast each. */
  history: string[];
  /** Days between past broadcasts. */
  everyDays: number;
}

/** The channels, oldest first (ids follow this order). */
export const channelPlans: readonly ChannelPlan[] = [
  {
    title: 'Product Launch 2023',
    customerCode: 'EVT-LAUNCH23',
    createdDaysAgo: 610,
    useTimeshift: false,
    useChat: true,
    trashed: true,
    viewerLimit: 10000,
    audiencePeak: 4200,
    history: ['Product Launch Keynote', 'Launch Rehearsal'],
    everyDays: 2,
  },
  {
    title: 'Main Stage',
    customerCode: 'FEST-MAIN',
    createdDaysAgo: 540,
    useTimeshift: true,
    useChat: true,
    shared: true,
    idleScreen: true,
    viewerLimit: 5000,
    audiencePeak: 2400,
    onAir: 'Summer Festival, Day 2: Headliners',
    history: ['Summer Festival, Day 1: Opening Night', 'Line Check and Soundcheck'],
    everyDays: 1,
  },
  {
    title: 'Newsroom 24/7',
    customerCode: 'NEWS-247',
    createdDaysAgo: 480,
    useTimeshift: true,
    useChat: false,
    viewerLimit: 3000,
    audiencePeak: 1800,
    onAir: 'Live Desk: Afternoon Bulletin',
    recordingForMinutes: 15,
    history: ['Live Desk: Morning Bulletin', 'Live Desk: Overnight', 'Election Night Special'],
    everyDays: 1,
  },
  {
    title: 'Studio B Talk',
    customerCode: 'STU-B',
    createdDaysAgo: 420,
    useTimeshift: false,
    useChat: true,
    idleScreen: true,
    viewerLimit: 1000,
    audiencePeak: 650,
    onAir: 'Morning Talk with Dana Reyes',
    history: ['Morning Talk: Listener Mailbag', 'Morning Talk: The Budget Explained'],
    everyDays: 1,
  },
  {
    title: 'Esports Arena',
    customerCode: 'GAME-ARENA',
    createdDaysAgo: 350,
    useTimeshift: true,
    useChat: true,
    viewerLimit: 8000,
    audiencePeak: 5200,
    history: [
      'Spring Split Finals, Game 5',
      'Spring Split Semifinal',
      'Community Cup #12',
      'Community Cup #11',
    ],
    everyDays: 3,
  },
  {
    title: 'Church Service',
    customerCode: 'WORSHIP-SUN',
    createdDaysAgo: 300,
    useTimeshift: false,
    useChat: false,
    viewerLimit: 500,
    audiencePeak: 180,
    history: ['Sunday Worship', 'Sunday Worship', 'Easter Vigil'],
    everyDays: 7,
  },
  {
    title: 'Campus Lecture Hall',
    customerCode: 'EDU-LH101',
    createdDaysAgo: 240,
    useTimeshift: true,
    useChat: true,
    viewerLimit: 400,
    audiencePeak: 220,
    history: [
      'Data Structures, Lecture 8: Heaps',
      'Data Structures, Lecture 7: Hash Tables',
      'Data Structures, Lecture 6: Trees',
    ],
    everyDays: 2,
  },
  {
    title: 'Weekend Matchday',
    customerCode: 'SPORT-MATCH',
    createdDaysAgo: 200,
    useTimeshift: true,
    useChat: true,
    status: 'disabled',
    viewerLimit: 6000,
    audiencePeak: 3100,
    history: ['Matchday 14: Rovers vs. United', 'Matchday 13: City vs. Rovers'],
    everyDays: 7,
  },
  {
    title: 'City Council Live',
    customerCode: 'GOV-COUNCIL',
    createdDaysAgo: 120,
    useTimeshift: true,
    useChat: false,
    viewerLimit: 300,
    audiencePeak: 90,
    history: ['Council Meeting: Budget Hearing', 'Council Meeting: Zoning'],
    everyDays: 14,
  },
  {
    title: 'Backstage Cam',
    customerCode: 'FEST-BACK',
    createdDaysAgo: 30,
    useTimeshift: false,
    useChat: false,
    viewerLimit: 200,
    audiencePeak: 60,
    history: [],
    everyDays: 1,
  },
];
