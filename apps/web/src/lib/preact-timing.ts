import { options } from 'preact';

// React runs the effects of a render caused by a tap or a key press before the next input event
// is handled; Preact waits for the next frame (up to 35 ms). A listener that an effect subscribes,
// such as Escape closing the word card or "3" grading the card just revealed by Space, must see
// the very next key, so effects run as soon as the render is done (in a microtask), before the
// browser handles anything else. Imported first by the app and by the component tests.
options.requestAnimationFrame = (callback) => queueMicrotask(callback);
