import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { activatedSocket } from './socket-activation.ts';

describe('the socket systemd passes', () => {
  it('is file descriptor 3 when LISTEN_PID names this process and LISTEN_FDS is 1', () => {
    expect(activatedSocket({ LISTEN_PID: '4242', LISTEN_FDS: '1' }, 4242)).toBe(3);
  });

  it('is none without the variables, or when they were meant for another process', () => {
    expect(activatedSocket({}, 4242)).toBeUndefined();
    expect(activatedSocket({ LISTEN_FDS: '1' }, 4242)).toBeUndefined();
    expect(activatedSocket({ LISTEN_PID: '4241', LISTEN_FDS: '1' }, 4242)).toBeUndefined();
  });

  it('refuses more than one socket: the unit is set up wrong', () => {
    expect(() => activatedSocket({ LISTEN_PID: '4242', LISTEN_FDS: '2' }, 4242)).toThrow(ConfigError);
  });
});
