/**
 * Every route of spec 1 §2 and the screen it shows: the module (under src/), its export, and the
 * loading message of its area. The router loads a screen on first visit; the build reads this
 * table (vite.config.ts) to write which files each route needs, and the server names them in the
 * page it sends for that route, so the browser fetches them alongside the app's own code instead
 * of after it. Plain data: no imports.
 */
export interface RouteScreen {
  path: string;
  module: string;
  name: string;
  loadingKey?: string;
  /** Only for visitors who are not signed in (a signed-in user is sent home). */
  guestOnly?: boolean;
  /**
   * The API request the screen's first render makes, with the route's parameters (`:id`, a
   * positive integer): the server's page preloads it, so it travels with the code.
   */
  data?: string;
}

export const ROUTE_SCREENS: readonly RouteScreen[] = [
  { path: '/', module: 'features/home/HomeScreen.tsx', name: 'HomeScreen' },
  { path: '/stories', module: 'features/stories/StoryListScreen.tsx', name: 'StoryListScreen' },
  {
    path: '/stories/audios',
    module: 'features/audios/AudioListScreen.tsx',
    name: 'AudioListScreen',
  },
  {
    path: '/stories/offline',
    module: 'features/offline/OfflineScreen.tsx',
    name: 'OfflineScreen',
  },
  {
    path: '/stories/:id',
    module: 'features/stories/StoryScreen.tsx',
    name: 'StoryScreen',
    loadingKey: 'status.loadingStory',
    data: '/api/stories/:id',
  },
  {
    path: '/study',
    module: 'features/study/StudyHubScreen.tsx',
    name: 'StudyHubScreen',
    loadingKey: 'status.loadingStudy',
  },
  {
    path: '/study/flashcards',
    module: 'features/flashcards/FlashcardsScreen.tsx',
    name: 'FlashcardsScreen',
    loadingKey: 'status.loadingStudy',
  },
  {
    path: '/study/quiz',
    module: 'features/quiz/QuizScreen.tsx',
    name: 'QuizScreen',
    loadingKey: 'status.loadingStudy',
  },
  {
    path: '/flashcard-overview',
    module: 'features/flashcards/overview/FlashcardOverviewScreen.tsx',
    name: 'FlashcardOverviewScreen',
    loadingKey: 'status.loadingStudy',
  },
  {
    path: '/vocabulary',
    module: 'features/vocabulary/VocabularyPage.tsx',
    name: 'VocabularyScreen',
  },
  { path: '/bookmarks', module: 'features/bookmarks/BookmarksScreen.tsx', name: 'BookmarksScreen' },
  {
    path: '/profile',
    module: 'features/profile/ProfileScreen.tsx',
    name: 'ProfileScreen',
    loadingKey: 'status.loadingProfile',
  },
  { path: '/settings', module: 'features/settings/SettingsScreen.tsx', name: 'SettingsScreen' },
  { path: '/level', module: 'features/level/LevelScreen.tsx', name: 'LevelScreen' },
  {
    path: '/community',
    module: 'features/community/CommunityScreen.tsx',
    name: 'CommunityScreen',
    loadingKey: 'status.loadingCommunity',
  },
  {
    path: '/community/u/:nickname',
    module: 'features/community/PublicProfileScreen.tsx',
    name: 'PublicProfileScreen',
    loadingKey: 'status.loadingCommunity',
  },
  {
    path: '/community/collections',
    module: 'features/community/CollectionsScreen.tsx',
    name: 'CollectionsScreen',
    loadingKey: 'status.loadingCommunity',
  },
  {
    path: '/community/collections/:id',
    module: 'features/community/CollectionScreen.tsx',
    name: 'CollectionScreen',
    loadingKey: 'status.loadingCommunity',
  },
  {
    path: '/login',
    module: 'features/auth/LoginScreen.tsx',
    name: 'LoginScreen',
    guestOnly: true,
  },
  {
    path: '/signup',
    module: 'features/auth/SignupScreen.tsx',
    name: 'SignupScreen',
    guestOnly: true,
  },
  {
    path: '/forgot-password',
    module: 'features/auth/ForgotPasswordScreen.tsx',
    name: 'ForgotPasswordScreen',
    guestOnly: true,
  },
  {
    path: '/reset-password',
    module: 'features/auth/ResetPasswordScreen.tsx',
    name: 'ResetPasswordScreen',
  },
  {
    path: '/auth/callback',
    module: 'features/auth/AuthCallbackScreen.tsx',
    name: 'AuthCallbackScreen',
  },
  {
    path: '/auth/confirm',
    module: 'features/auth/ConfirmEmailScreen.tsx',
    name: 'ConfirmEmailScreen',
  },
  { path: '*', module: 'features/screens.tsx', name: 'NotFoundScreen' },
];
