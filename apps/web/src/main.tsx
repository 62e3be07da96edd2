import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

// The first screen is already painted from index.html (src/prerender.tsx): React builds the app
// as a transition, yielding between pieces, so taking over never blocks the page for long (TBT).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
