/**
 * The decision log returns the project context as the service renders it for agents: the
 * written context, then "Rules learned:" and one "- rule (added by Name, YYYY-MM-DD)" line
 * per saved rule. Splitting it lets the screen list rules as rules.
 */
interface LearnedRule {
  text: string;
  addedBy: string | null;
  addedOn: string | null;
}

interface ProjectContextParts {
  written: string;
  rules: LearnedRule[];
}

const HEADING = /^\s*Rules learned:?\s*$/im;
const RULE_LINE = /^\s*[-*]\s+(.*?)(?:\s+\(added by (.+?), (\d{4}-\d{2}-\d{2})\))?\s*$/;

export function splitProjectContext(context: string | null): ProjectContextParts {
  if (context === null) return { written: '', rules: [] };
  const match = HEADING.exec(context);
  if (!match) return { written: context.trim(), rules: [] };
  const written = context.slice(0, match.index).trim();
  const rules = context
    .slice(match.index + match[0].length)
    .split('\n')
    .map((line) => RULE_LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && (m[1] ?? '').trim() !== '')
    .map((m) => ({ text: m[1]!.trim(), addedBy: m[2] ?? null, addedOn: m[3] ?? null }));
  return { written, rules };
}
