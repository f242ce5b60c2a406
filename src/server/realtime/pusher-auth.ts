// Pusher's channel authorisation, so a Pusher-protocol server (Pusher, Soketi) can carry the
// channels: the signature is HMAC-SHA256 of "socket_id:channel_name" (or, for user
// authentication, "socket_id::user::user_data") with the app secret, prefixed by the key.
import { createHmac } from 'node:crypto';

/** Pusher socket ids are two whole numbers joined by a dot. */
export const PUSHER_SOCKET_ID_PATTERN = /^\d{1,20}\.\d{1,20}$/;

function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function signPusherChannel(input: { key: string; secret: string; socketId: string; channelName: string }): { auth: string } {
  return { auth: `${input.key}:${sign(input.secret, `${input.socketId}:${input.channelName}`)}` };
}

export function signPusherUser(input: { key: string; secret: string; socketId: string; userId: string }): {
  auth: string;
  user_data: string;
} {
  const userData = JSON.stringify({ id: input.userId });
  return { auth: `${input.key}:${sign(input.secret, `${input.socketId}::user::${userData}`)}`, user_data: userData };
}
