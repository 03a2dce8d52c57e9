import type { Schemas } from '@stammtisch/sdk';
import { useEffect, useState } from 'preact/hooks';
import { call, problemText } from './api.js';
import { watchTournament } from './realtime.js';

export type Tournament = Schemas['Tournament'];
export type Standings = Schemas['Standings'];

/**
 * A tournament and its standings, fetched again on every tournament push (registration, check-in, draw, round,
 * standings, end) — the projector, the console and the player page stay current without a reload.
 */
export function useTournament(
  id: string,
  token: string | undefined,
): { tournament?: Tournament; standings?: Standings; error?: string; online: boolean; reload: () => Promise<void> } {
  const [tournament, setTournament] = useState<Tournament>();
  const [standings, setStandings] = useState<Standings>();
  const [error, setError] = useState<string>();
  const [online, setOnline] = useState(false);
  const auth = token !== undefined ? { token } : {};
  const reload = async (): Promise<void> => {
    try {
      const [tr, st] = await Promise.all([
        call<Tournament>(`/v1/tournaments/${id}`, auth),
        call<Standings>(`/v1/tournaments/${id}/standings`, auth),
      ]);
      setTournament(tr);
      setStandings(st);
      setError(undefined);
    } catch (e) {
      setError(problemText(e));
    }
  };
  useEffect(() => {
    void reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const live = watchTournament({
      tournamentId: id,
      token,
      onChange: () => {
        clearTimeout(timer);
        timer = setTimeout(() => void reload(), 50);
      },
      onState: setOnline,
    });
    return () => {
      clearTimeout(timer);
      live.close();
    };
  }, [id, token]);
  return {
    ...(tournament !== undefined ? { tournament } : {}),
    ...(standings !== undefined ? { standings } : {}),
    ...(error !== undefined ? { error } : {}),
    online,
    reload,
  };
}
