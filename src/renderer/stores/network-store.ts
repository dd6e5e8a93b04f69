import { create } from 'zustand';
import type { NetworkState } from '../../shared/bridge/channels.js';
import { getBridge } from '../bridge/index.js';

interface NetworkStore {
  state: NetworkState | null;
  /** Starts listening; returns the function that stops. */
  watch(): () => void;
}

export const useNetwork = create<NetworkStore>()((set) => ({
  state: null,
  watch() {
    const bridge = getBridge();
    let live = false;
    const unsubscribe = bridge.network.subscribe((state) => {
      live = true;
      set({ state });
    });
    // The initial state only fills the gap before the first pushed event; never overwrite a newer push.
    void bridge.network.state().then((res) => {
      if (res.ok && !live) set({ state: res.data });
    });
    return unsubscribe;
  },
}));
