import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BRAND_NAME, CloseButton, Dialog, DialogTitle, notify } from '@metrology/shared';
import { useSendChatMessageMutation } from './chat-api';
import { Linkified } from './linkify';

/** A chat message (SPEC section 3): its text and whether the user or the bot wrote it. */
export interface ChatMessage {
  id: number;
  text: string;
  fromUser: boolean;
}

export const CHAT_TEXTS = {
  greeting: 'Hello! How can I help you today?',
  placeholder: 'Type your message...',
  failureToast: 'Failed to send message. Please try again.',
  failureReply: "I'm sorry, I'm having trouble connecting right now. Please try again later.",
} as const;

/** The API accepts up to this many characters. */
const MAX_MESSAGE_LENGTH = 1000;

/**
 * The support chat on every page: a floating button bottom-right opens a modal panel. The conversation stays
 * while the panel is closed, and a reply that arrives meanwhile is kept.
 */
export function SupportChat() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([
    { id: 0, text: CHAT_TEXTS.greeting, fromUser: false },
  ]);
  const [draft, setDraft] = useState('');
  const [send, { isLoading: waiting }] = useSendChatMessageMutation();
  const nextId = useRef(1);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const ids = useId();
  const canSend = draft.trim().length > 0 && !waiting;

  const append = (text: string, fromUser: boolean) => {
    const id = nextId.current++;
    setMessages((was) => [...was, { id, text, fromUser }]);
  };

  // The newest message (or the typing indicator) is always in view.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages, waiting, open]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || waiting) return;
    append(text, true);
    setDraft('');
    // The send button is disabled while waiting: keep the focus where the next message is typed.
    input.current?.focus();
    try {
      const reply = await send(text).unwrap();
      append(reply || CHAT_TEXTS.failureReply, false);
    } catch (error) {
      console.error('Chat message failed', error);
      notify.error(CHAT_TEXTS.failureToast);
      append(CHAT_TEXTS.failureReply, false);
    }
  };

  return (
    <div className="shell-chat" data-boundary="shell">
      <button
        type="button"
        className="shell-chat__launcher"
        aria-label="Open support chat"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
          />
        </svg>
      </button>
      {open ? (
        <Dialog onClose={() => setOpen(false)} initialFocus={input} className="shell-chat__panel">
          <div className="shell-chat__header">
            <DialogTitle className="shell-chat__title">{BRAND_NAME} Support</DialogTitle>
            <CloseButton
              className="shell-icon-button shell-chat__close"
              label="Close support chat"
              onClose={() => setOpen(false)}
            />
          </div>
          <div
            ref={list}
            className="shell-chat__messages"
            role="log"
            aria-live="polite"
            aria-label="Conversation"
            // The list scrolls, so keyboard users must be able to reach it (axe: scrollable-region-focusable).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <ol className="shell-chat__list">
              {messages.map((message) => (
                <li
                  key={message.id}
                  className={`shell-chat__message shell-chat__message--${message.fromUser ? 'user' : 'bot'}`}
                >
                  <span className="ms-visually-hidden">{message.fromUser ? 'You: ' : 'Support: '}</span>
                  {message.fromUser ? message.text : <Linkified text={message.text} />}
                </li>
              ))}
              {waiting ? (
                <li
                  className="shell-chat__message shell-chat__message--bot shell-chat__typing"
                  data-testid="chat-typing"
                >
                  <span className="ms-visually-hidden">Support is typing</span>
                  <span className="shell-chat__dot" aria-hidden="true" />
                  <span className="shell-chat__dot" aria-hidden="true" />
                  <span className="shell-chat__dot" aria-hidden="true" />
                </li>
              ) : null}
            </ol>
          </div>
          <form className="shell-chat__form" onSubmit={(event) => void submit(event)}>
            <label htmlFor={`${ids}-input`} className="ms-visually-hidden">
              Your message
            </label>
            <input
              ref={input}
              id={`${ids}-input`}
              className="ms-input shell-chat__input"
              type="text"
              autoComplete="off"
              placeholder={CHAT_TEXTS.placeholder}
              maxLength={MAX_MESSAGE_LENGTH}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button
              type="submit"
              className="ms-button shell-chat__send"
              aria-label="Send message"
              disabled={!canSend}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path fill="currentColor" d="M3 20.5 21 12 3 3.5 3 10l12 2-12 2z" />
              </svg>
            </button>
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}
