import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BRAND_NAME, CloseButton, Dialog, DialogTitle, notify } from '@metrology/shared';
import { useSendChatMessageMutation } from './chat-api';
import { Linkified } from './linkify';

import { CHAT_TEXTS, type ChatMessage } from './chat-texts';

/** The API accepts up to this many characters. */
const MAX_MESSAGE_LENGTH = 1000;

/**
 * The chat's conversation and its panel, loaded with the first opening. It stays mounted while the panel is
 * closed, so the conversation (and a reply that arrives meanwhile) is kept.
 */
export function ChatConversation({ open, onClose }: { open: boolean; onClose: () => void }) {
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
    <>
      {open ? (
        <Dialog onClose={onClose} initialFocus={input} className="shell-chat__panel">
          <div className="shell-chat__header">
            <DialogTitle className="shell-chat__title">{BRAND_NAME} Support</DialogTitle>
            <CloseButton
              className="shell-icon-button shell-chat__close"
              label="Close support chat"
              onClose={onClose}
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
    </>
  );
}
