import { Suspense, lazy, useState } from 'react';

/** The chat's texts (SPEC section 2 and 8), where the conversation and its tests read them. */
export { CHAT_TEXTS, type ChatMessage } from './chat-texts';

const ChatConversation = lazy(() =>
  import('./chat-conversation').then((m) => ({ default: m.ChatConversation })),
);

/**
 * The support chat on every page: a floating button bottom-right opens a modal panel. The button is all a page
 * loads; the conversation's code comes with the first opening and then stays, conversation and all.
 */
export function SupportChat() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <div className="shell-chat" data-boundary="shell">
      <button
        type="button"
        className="shell-chat__launcher"
        aria-label="Open support chat"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
          />
        </svg>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ChatConversation open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
