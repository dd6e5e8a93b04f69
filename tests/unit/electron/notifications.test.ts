import { describe, expect, it } from 'vitest';
import { windowsToastXml } from '../../../src/main/electron/notifications.js';

describe('a Windows toast', () => {
  it('carries the thread link as its launch argument and escapes what people wrote', () => {
    const xml = windowsToastXml({
      itemId: 'itm "5" & <6>',
      title: 'Cora <b>mentioned</b> you & "Alex"',
      body: "it's <script>",
    });
    expect(xml).toBe(
      '<toast launch="triage-desk://item/itm%20%225%22%20%26%20%3C6%3E" activationType="foreground"><visual><binding template="ToastGeneric">' +
        '<text>Cora &lt;b&gt;mentioned&lt;/b&gt; you &amp; &quot;Alex&quot;</text><text>it&apos;s &lt;script&gt;</text></binding></visual></toast>',
    );
  });

  it('leaves out an empty body', () => {
    expect(windowsToastXml({ itemId: 'itm_1', title: 'Assigned to you', body: '' })).not.toContain('<text></text>');
  });
});
