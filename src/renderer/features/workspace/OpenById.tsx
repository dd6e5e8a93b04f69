import { useState, type FormEvent } from 'react';

/** Paste a thread ID from chat or a commit message and open it (a reply's ID opens its thread). */
export function OpenById({ onOpen }: { onOpen(itemId: string): void }) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = value.trim();
    if (!id) return;
    onOpen(id);
    setValue('');
  };
  return (
    <form className="open-by-id" onSubmit={submit} role="search" aria-label="Open a thread by ID">
      <label htmlFor="open-by-id" className="visually-hidden">
        Thread ID
      </label>
      <input
        id="open-by-id"
        type="text"
        spellCheck={false}
        placeholder="Open thread by ID…"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
    </form>
  );
}
