import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { AudioSettings } from '../audio/audio-settings';
import { IDLE_STATE, type PlayerState } from '../audio/types';
import type { StoryMeta } from '../stories/stories-api';
import { AudioListScreen } from './AudioListScreen';

// The player, the listens and the settings are the audio feature's; here they are small stores
// the test drives, so the screen is tested for what it shows and asks of them.
const fakes = vi.hoisted(() => {
  const subscribers = new Set<() => void>();
  const store = <T,>(initial: T) => {
    let value = initial;
    return {
      get: () => value,
      set: (next: T) => {
        value = next;
        for (const notify of subscribers) notify();
      },
    };
  };
  return {
    subscribe: (listener: () => void) => {
      subscribers.add(listener);
      return () => subscribers.delete(listener);
    },
    store,
    player: null as unknown as { get: () => PlayerState; set: (next: PlayerState) => void },
    listens: null as unknown as {
      get: () => Record<number, number>;
      set: (next: Record<number, number>) => void;
    },
    settings: {} as AudioSettings,
    audioPlayer: {
      toggle: vi.fn(),
      stop: vi.fn(),
      seek: vi.fn(),
      setSpeed: vi.fn(),
      clearError: vi.fn(),
    },
  };
});

vi.mock('../audio/player', () => ({
  audioPlayer: fakes.audioPlayer,
  useAudioPlayer: () => useSyncExternalStore(fakes.subscribe, fakes.player.get),
  isPlayerOn: (state: PlayerState, storyId: number, language = 'de') =>
    state.status !== 'idle' && state.storyId === storyId && state.language === language,
}));
vi.mock('../audio/listens', () => ({
  useListenedAudio: () => {
    const plays = useSyncExternalStore(fakes.subscribe, fakes.listens.get);
    return {
      isListened: (storyId: number) => plays[storyId] !== undefined,
      plays: (storyId: number) => plays[storyId] ?? 0,
    };
  },
}));
vi.mock('../audio/audio-settings', () => ({
  useAudioSettings: () => fakes.settings,
  needsPremium: (choice: { audioSpeed?: string; audioVoice?: string }) =>
    choice.audioSpeed === '0.7' || choice.audioSpeed === '1.5' || choice.audioVoice === 'Florian',
}));

const story = (
  id: number,
  titleDe: string,
  difficulty: StoryMeta['difficulty'],
  audio: string | null = `/audio/${id}.mp3`,
): StoryMeta => ({
  id,
  titleDe,
  titleEn: `${titleDe} in English`,
  titleEs: null,
  titleKr: null,
  previewDe: null,
  previewEn: null,
  difficulty,
  category: 'food',
  wordCountDe: 100,
  wordCountEn: 100,
  readingTimeMinutes: 2,
  vocabularyList: ['Brot', 'Apfel', 'Herbst'],
  isActive: true,
  audioUrlDe: audio,
  audioUrlDe2: audio ? `/audio/${id}-florian.mp3` : null,
  audioUrlEn: null,
  audioUrlEs: null,
  audioUrlKr: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const STORIES = [
  story(1, 'Der Zug', 'A1'),
  story(2, 'Äpfel im Herbst', 'B1'),
  story(3, 'Brot backen', 'A2'),
  story(4, 'Ohne Ton', 'A1', null),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let storiesAnswer: () => Response;
let storyAnswer: (id: number) => Response;

beforeAll(async () => {
  await i18n.changeLanguage('en');
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

beforeEach(() => {
  localStorage.clear();
  fakes.player = fakes.store<PlayerState>(IDLE_STATE);
  fakes.listens = fakes.store<Record<number, number>>({});
  fakes.settings = {
    speed: '1.0',
    voice: 'Amala',
    openTextOnPlay: false,
    autoPlay: false,
    defaultLevel: 'All',
    isPremium: false,
    settled: true,
    setSpeed: vi.fn(),
    setVoice: vi.fn(),
    setOpenTextOnPlay: vi.fn(),
    setDefaultLevel: vi.fn(),
  };
  for (const fn of Object.values(fakes.audioPlayer)) fn.mockReset();
  storiesAnswer = () => json({ stories: STORIES, latestUpdatedAt: null, count: STORIES.length });
  storyAnswer = (id) => {
    const meta = STORIES.find((s) => s.id === id);
    return json({
      story: {
        ...meta,
        contentDe: 'Ich backe Brot.\n\nEs riecht gut.',
        contentEn: 'I bake bread.\n\nIt smells good.',
        contentEs: null,
        contentKr: null,
      },
      tokens: [],
      vocabulary: [],
      targetVocabularyIds: [],
    });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url === '/api/stories') return storiesAnswer();
      const match = /^\/api\/stories\/(\d+)$/.exec(url);
      if (match) return storyAnswer(Number(match[1]));
      return json({ error: { code: 'not_found', message: 'Not here' } }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioListScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const titles = () =>
  screen.getAllByTestId('audio-item').map((item) => item.querySelector('h2')?.textContent);
const item = (title: string) => {
  const found = screen
    .getAllByTestId('audio-item')
    .find((element) => element.querySelector('h2')?.textContent === title);
  if (!found) throw new Error(`no item ${title}`);
  return within(found);
};
const playing = (storyId: number, extra: Partial<PlayerState> = {}): PlayerState => ({
  ...IDLE_STATE,
  status: 'playing',
  storyId,
  language: 'de',
  voice: 'Amala',
  source: 'file',
  currentTime: 30,
  duration: 120,
  ...extra,
});

describe('the audio list', () => {
  it('lists only stories with German audio, listened ones last, and counts them', async () => {
    fakes.listens.set({ 2: 3 });
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    expect(titles()).toEqual(['Brot backen', 'Der Zug', 'Äpfel im Herbst']);
    const badge = item('Äpfel im Herbst').getByTestId('listened-badge');
    expect(badge.textContent).toContain('Listened');
    expect(badge.getAttribute('title')).toBe('Played 3 times');
    expect(item('Der Zug').queryByTestId('listened-badge')).toBeNull();
  });

  it('filters by search, level and difficulty, and resets when nothing matches', async () => {
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search audios' }), {
      target: { value: 'APFEL' },
    });
    expect(titles()).toEqual(['Äpfel im Herbst']);
    expect(screen.getByTestId('audio-count').textContent).toBe('Showing 1 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'A1' }));
    expect(fakes.settings.setDefaultLevel).toHaveBeenLastCalledWith(['A1']);
    expect(screen.getByText('No audio matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[1] as HTMLElement);
    expect(fakes.settings.setDefaultLevel).toHaveBeenLastCalledWith('All');
    expect(titles()).toHaveLength(3);

    fireEvent.change(screen.getByRole('combobox', { name: 'Difficulty' }), {
      target: { value: 'beginner' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'difficulty' },
    });
    expect(titles()).toEqual(['Der Zug', 'Brot backen']);
  });

  it('keeps premium speeds, the Florian voice and the per-story speed from other learners', async () => {
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    for (const name of ['0.7×', '1.5×', 'Florian']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled, name).toBe(true);
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('title')).toBe('Premium members only');
    }
    expect((screen.getByRole('button', { name: '1.0×' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole('button', { name: 'Amala' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.getByText(/are for premium members/)).toBeTruthy();
    const toggle = item('Der Zug').getByRole('button', {
      name: 'Speed of “Der Zug”: 1×',
    }) as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    expect(item('Der Zug').getByText('Premium')).toBeTruthy();
  });

  it('lets a premium learner cycle a story’s speed and plays at it', async () => {
    fakes.settings = { ...fakes.settings, isPremium: true, voice: 'Florian' };
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    const zug = item('Der Zug');
    fireEvent.click(zug.getByRole('button', { name: 'Speed of “Der Zug”: 1×' }));
    fireEvent.click(zug.getByRole('button', { name: 'Speed of “Der Zug”: 1.5×' }));
    expect(zug.getByRole('button', { name: 'Speed of “Der Zug”: 0.7×' })).toBeTruthy();
    expect(fakes.audioPlayer.setSpeed).not.toHaveBeenCalled();
    fireEvent.click(zug.getByRole('button', { name: 'Play “Der Zug”' }));
    expect(fakes.audioPlayer.toggle).toHaveBeenCalledWith({
      storyId: 1,
      language: 'de',
      voice: 'Florian',
      speed: 0.7,
      url: '/audio/1-florian.mp3',
      text: undefined,
    });
    act(() => fakes.player.set(playing(1, { speed: 0.7 })));
    fireEvent.click(zug.getByRole('button', { name: 'Speed of “Der Zug”: 0.7×' }));
    expect(fakes.audioPlayer.setSpeed).toHaveBeenCalledWith(1);
  });

  it('shows play, pause, stop and progress, and keeps the order until playback stops', async () => {
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    const apfel = item('Äpfel im Herbst');
    expect(
      (apfel.getByRole('button', { name: 'Stop “Äpfel im Herbst”' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(apfel.getByRole('button', { name: 'Play “Äpfel im Herbst”' }));
    expect(fakes.audioPlayer.toggle).toHaveBeenCalledWith(
      expect.objectContaining({ storyId: 2, voice: 'Amala', speed: 1, url: '/audio/2.mp3' }),
    );

    act(() => fakes.player.set({ ...playing(2), status: 'loading', currentTime: 0 }));
    expect(apfel.getByRole('button', { name: 'Loading “Äpfel im Herbst”' })).toBeTruthy();
    act(() => fakes.player.set(playing(2)));
    expect(apfel.getByRole('button', { name: 'Pause “Äpfel im Herbst”' })).toBeTruthy();
    expect(
      apfel
        .getByRole('progressbar', { name: 'Progress of “Äpfel im Herbst”' })
        .getAttribute('aria-valuenow'),
    ).toBe('25');

    // Counted as listened while it plays: the badge shows, the item stays where it is.
    act(() => fakes.listens.set({ 2: 1 }));
    expect(apfel.getByTestId('listened-badge')).toBeTruthy();
    expect(titles()).toEqual(['Äpfel im Herbst', 'Brot backen', 'Der Zug']);

    fireEvent.click(apfel.getByRole('button', { name: 'Stop “Äpfel im Herbst”' }));
    expect(fakes.audioPlayer.stop).toHaveBeenCalled();
    act(() => fakes.player.set(IDLE_STATE));
    expect(titles()).toEqual(['Brot backen', 'Der Zug', 'Äpfel im Herbst']);
    expect(item('Äpfel im Herbst').queryByRole('progressbar')).toBeNull();
  });

  it('shows the player’s error beside the story that failed', async () => {
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    fireEvent.click(item('Brot backen').getByRole('button', { name: 'Play “Brot backen”' }));
    act(() => fakes.player.set({ ...IDLE_STATE, error: { code: 'not-found', storyId: 3 } }));
    expect(item('Brot backen').getByRole('alert')).toBeTruthy();
    expect(item('Der Zug').queryByRole('alert')).toBeNull();
  });

  it('opens the text on play when asked, with German, the translation and Escape', async () => {
    fakes.settings.openTextOnPlay = true;
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    const play = item('Brot backen').getByRole('button', { name: 'Play “Brot backen”' });
    play.focus();
    fireEvent.click(play);
    const dialog = screen.getByTestId('audio-text-modal') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const modal = within(dialog);
    expect(modal.getByRole('heading', { name: 'Brot backen' })).toBeTruthy();
    expect(modal.getByText('3 vocabulary words')).toBeTruthy();
    expect(modal.getByText('A2')).toBeTruthy();
    expect(modal.getByText('Food')).toBeTruthy();
    await modal.findByText('Ich backe Brot.');
    fireEvent.click(modal.getByRole('button', { name: 'English' }));
    expect(modal.getByText('I bake bread.')).toBeTruthy();
    expect(modal.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    act(() => dialog.close()); // what Escape does
    expect(screen.queryByTestId('audio-text-modal')).toBeNull();
  });

  it('closes the text on a backdrop click, not on a click inside', async () => {
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    fireEvent.click(item('Der Zug').getByRole('button', { name: 'Show the text of “Der Zug”' }));
    const dialog = screen.getByTestId('audio-text-modal');
    fireEvent.click(within(dialog).getByRole('heading', { name: 'Der Zug' }));
    expect(screen.getByTestId('audio-text-modal')).toBeTruthy();
    fireEvent.click(dialog);
    expect(screen.queryByTestId('audio-text-modal')).toBeNull();
  });

  it('says when the text fails to load, retries, and says when there is none', async () => {
    let failing = true;
    storyAnswer = (id) =>
      failing
        ? json({ error: { code: 'internal', message: 'Boom' } }, 500)
        : json({
            story: {
              ...STORIES[id - 1],
              contentDe: '  ',
              contentEn: null,
              contentEs: null,
              contentKr: null,
            },
            tokens: [],
            vocabulary: [],
            targetVocabularyIds: [],
          });
    renderScreen();
    await screen.findByText('Showing 3 of 3');
    fireEvent.click(item('Der Zug').getByRole('button', { name: 'Show the text of “Der Zug”' }));
    const modal = within(screen.getByTestId('audio-text-modal'));
    expect(await modal.findByText('Failed to load story text')).toBeTruthy();
    failing = false;
    fireEvent.click(modal.getByRole('button', { name: 'Retry' }));
    expect(await modal.findByText('Story content not available')).toBeTruthy();
  });

  it('offers a retry when the stories fail to load', async () => {
    storiesAnswer = () => json({ error: { code: 'internal', message: 'Boom' } }, 500);
    renderScreen();
    expect(await screen.findByText('Error loading stories')).toBeTruthy();
    storiesAnswer = () => json({ stories: STORIES, latestUpdatedAt: null, count: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Showing 3 of 3');
  });

  it('says so when no story has audio', async () => {
    storiesAnswer = () =>
      json({ stories: [story(9, 'Still', 'A1', null)], latestUpdatedAt: null, count: 1 });
    renderScreen();
    expect(await screen.findByText('No stories have audio yet.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('audio-count')).toBeNull());
  });
});
