import { runEffectsRightAfterRender } from './preact-timing';

// The component tests run with the timing the app has after its first paint.
runEffectsRightAfterRender();
