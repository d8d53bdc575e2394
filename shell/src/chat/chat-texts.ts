// The chat's texts (SPEC sections 2 and 8) and its message, shared by the launcher and the conversation.
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
