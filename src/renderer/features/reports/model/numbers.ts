/** Counts as people read them in every report, screen and export alike: "1,250". */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
