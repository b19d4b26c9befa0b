import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { LoadingScreen } from '../components/Spinner';
import { GuestOnly } from './GuestOnly';
import { Layout } from './Layout';
import { RouteError } from './RouteError';

type ScreenName = keyof typeof import('../features/screens');

/** A screen loaded on first visit, with the loading message of its area (spec 1 §2). */
function screen(name: ScreenName, loadingKey = 'status.loading') {
  return lazyScreen(
    async () => (await import('../features/screens'))[name] as ComponentType,
    loadingKey,
  );
}

function lazyScreen(load: () => Promise<ComponentType>, loadingKey = 'status.loading') {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen() {
    const { t } = useTranslation();
    return (
      <Suspense fallback={<LoadingScreen message={t(loadingKey)} />}>
        <Screen />
      </Suspense>
    );
  };
}

const guestOnly = (node: ReactNode) => <GuestOnly>{node}</GuestOnly>;

const Home = lazyScreen(async () => (await import('../features/home/HomeScreen')).HomeScreen);
const StoryList = lazyScreen(
  async () => (await import('../features/stories/StoryListScreen')).StoryListScreen,
);
const Story = lazyScreen(
  async () => (await import('../features/stories/StoryScreen')).StoryScreen,
  'status.loadingStory',
);
const AudioList = lazyScreen(
  async () => (await import('../features/audios/AudioListScreen')).AudioListScreen,
);
const Study = lazyScreen(
  async () => (await import('../features/study/StudyHubScreen')).StudyHubScreen,
  'status.loadingStudy',
);
const Flashcards = lazyScreen(
  async () => (await import('../features/flashcards/FlashcardsScreen')).FlashcardsScreen,
  'status.loadingStudy',
);
const Quiz = screen('QuizScreen', 'status.loadingStudy');
const FlashcardOverview = lazyScreen(
  async () =>
    (await import('../features/flashcards/overview/FlashcardOverviewScreen'))
      .FlashcardOverviewScreen,
  'status.loadingStudy',
);
const Vocabulary = lazyScreen(
  async () => (await import('../features/vocabulary/VocabularyPage')).VocabularyScreen,
);
const Bookmarks = lazyScreen(
  async () => (await import('../features/bookmarks/BookmarksScreen')).BookmarksScreen,
);
const Profile = lazyScreen(
  async () => (await import('../features/profile/ProfileScreen')).ProfileScreen,
  'status.loadingProfile',
);
const Community = screen('CommunityScreen', 'status.loadingCommunity');
const Login = lazyScreen(async () => (await import('../features/auth/LoginScreen')).LoginScreen);
const Signup = lazyScreen(async () => (await import('../features/auth/SignupScreen')).SignupScreen);
const ForgotPassword = lazyScreen(
  async () => (await import('../features/auth/ForgotPasswordScreen')).ForgotPasswordScreen,
);
const ResetPassword = lazyScreen(
  async () => (await import('../features/auth/ResetPasswordScreen')).ResetPasswordScreen,
);
const NotFound = screen('NotFoundScreen');

/** Every route of spec 1 §2. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/stories', element: <StoryList /> },
      { path: '/stories/audios', element: <AudioList /> },
      { path: '/stories/:id', element: <Story /> },
      { path: '/study', element: <Study /> },
      { path: '/study/flashcards', element: <Flashcards /> },
      { path: '/study/quiz', element: <Quiz /> },
      { path: '/flashcard-overview', element: <FlashcardOverview /> },
      { path: '/vocabulary', element: <Vocabulary /> },
      { path: '/bookmarks', element: <Bookmarks /> },
      { path: '/profile', element: <Profile /> },
      { path: '/community', element: <Community /> },
      { path: '/login', element: guestOnly(<Login />) },
      { path: '/signup', element: guestOnly(<Signup />) },
      { path: '/forgot-password', element: guestOnly(<ForgotPassword />) },
      { path: '/reset-password', element: <ResetPassword /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
