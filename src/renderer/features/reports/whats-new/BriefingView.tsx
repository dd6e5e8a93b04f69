import type { ReactNode } from 'react';
import { Banner } from '../../../components/Banner.js';
import { LIMITS } from '#shared/api/limits.js';
import { CountTiles } from '../components/CountTiles.js';
import { PRESET_TEXT } from '../model/briefing-presets.js';
import { windowText } from '../model/time-window.js';
import { briefingIsEmpty, briefingSections } from '../model/whats-new-model.js';
import type { Briefing, Details } from '../stores/whats-new-query.js';
import { BriefingSections } from './BriefingSections.js';
import { CappedBanner } from '../components/CappedBanner.js';
import { UnreadableNotice } from '../../../components/UnreadableNotice.js';
import { unreadableOf } from '#shared/reader/problems.js';

/** A time as text, marked up as a <time> when the service gave one. */
function Instant({ ms, text }: { ms: number | null; text: string }) {
  return ms === null ? <>{text}</> : <time dateTime={new Date(ms).toISOString()}>{text}</time>;
}

/** The briefing: its window and where the next one starts, the counts, then each section. */
export function BriefingView({
  briefing,
  details,
  exportBar,
}: {
  briefing: Briefing;
  details: Details | null;
  exportBar?: ReactNode;
}) {
  const { data, preset } = briefing;
  const w = windowText(data.since, data.until);
  return (
    <article className="briefing" aria-labelledby="briefing-title" data-testid="briefing" data-preset={preset}>
      <header className="briefing__head">
        <div className="briefing__title-row">
          <h2 id="briefing-title">{PRESET_TEXT[preset].heading}</h2>
          {exportBar}
        </div>
        <p className="briefing__window" data-testid="briefing-window" data-since={data.since} data-until={data.until}>
          From <Instant ms={data.since} text={w.from} /> to <Instant ms={data.until} text={w.to} /> ({w.length})
        </p>
        <p className="briefing__bookmark" data-testid="briefing-next">
          Next time, “{PRESET_TEXT['last-briefing'].label}” starts from {w.to}.
        </p>
      </header>
      {data.firstBriefing && (
        <Banner testId="briefing-first">
          This is your first briefing for this project, so it covers the last {LIMITS.whatsNewFirstLookbackDays} days.
        </Banner>
      )}
      <UnreadableNotice problems={unreadableOf(data)} />
      {data.capped && <CappedBanner reader="the briefing" consequence="counts are minimums" testId="briefing-capped" />}
      <CountTiles
        label="Briefing counts"
        atLeast={data.capped}
        // The tiles and the sections below them say the same counts in the same words.
        tiles={briefingSections(data).map((section) => ({
          key: section.key,
          label: section.title,
          value: section.count,
          detail: section.detail,
        }))}
      />
      {briefingIsEmpty(data) ? (
        <p className="briefing__quiet">Nothing happened in this project in this window.</p>
      ) : (
        <BriefingSections briefing={data} details={details} />
      )}
    </article>
  );
}
