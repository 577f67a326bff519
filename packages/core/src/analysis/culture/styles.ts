/**
 * The eight culture styles of Groysberg et al. ("The Leader's Guide to Corporate Culture", HBR 2018), placed on two
 * axes: independence ↔ interdependence and flexibility ↔ stability. Angles put interdependence at 0° and flexibility
 * at 90°, so neighbours on the circle are styles that coexist easily and opposite styles are 180° apart
 * (Caring–Results, Purpose–Authority, Learning–Safety, Enjoyment–Order).
 */
export const CULTURE_STYLES = [
  { key: "learning", type: "Learning Culture", angle: 112.5 },
  { key: "authority", type: "Authority Culture", angle: 247.5 },
  { key: "results", type: "Results Culture", angle: 202.5 },
  { key: "enjoyment", type: "Enjoyment Culture", angle: 157.5 },
  { key: "safety", type: "Safety Culture", angle: 292.5 },
  { key: "caring", type: "Caring Culture", angle: 22.5 },
  { key: "order", type: "Order Culture", angle: 337.5 },
  { key: "purpose", type: "Purpose Culture", angle: 67.5 },
] as const;

export type CultureStyle = (typeof CULTURE_STYLES)[number]["key"];
export type CultureType = (typeof CULTURE_STYLES)[number]["type"];

export interface CultureEntry {
  kind: "culture";
  /** One cue; its spelling variants share the id so that a cue counts once however it is written. */
  id: string;
  style: CultureStyle;
}

/**
 * Cue words per style, seeded from the HBR descriptors (taxonomy.md §5) and extended with the forms postings and
 * résumés use. Each "|"-group is one cue. Generic words that mostly mean something else in job texts are left out
 * ("environment", "control", "support", "process").
 */
export const CULTURE_CUES: Record<CultureStyle, string[]> = {
  learning: [
    "curious|curiosity",
    "innovate|innovation|innovative|innovating",
    "experiment|experiments|experimentation|experimenting",
    "explore|exploration|exploring",
    "creative|creativity",
    "continuous learning|lifelong learning|always learning|keep learning|learning culture|learning budget",
    "learn|learning|eager to learn",
    "growth mindset",
    "new ideas|fresh ideas",
    "open-minded|open minded|open-mindedness",
    "research and development|r&d",
    "knowledge sharing",
    "cutting-edge|cutting edge|state of the art",
    "discover|discovery",
    "invent|inventive|invention",
    "adventure|adventurous",
  ],
  authority: [
    "decisive|decisiveness",
    "bold|boldly|boldness",
    "competitive|competition|compete|outcompete",
    "take charge|takes charge|taking charge",
    "assertive|assertiveness",
    "strong leadership|strong leader|strong-willed",
    "chain of command|command and control",
    "quick decisions|fast decisions|decision-making authority",
    "dominant|dominate|dominance|market leader|market leadership",
    "authority",
    "confident|confidence|self-confident",
    "hierarchy|hierarchical",
    "fearless|tough",
  ],
  results: [
    "results-driven|results driven|results-oriented|results oriented|result-oriented|result oriented",
    "target|targets|quota|quotas",
    "kpi|kpis",
    "high-performing|high performing|high performance|high-performance|top performer|top performance|performance-driven",
    "achieve|achieved|achieving|achievement|achievements",
    "win|winning|wins",
    "merit|meritocracy|merit-based",
    "accountability|accountable",
    "outcomes|outcome-driven|outcome-oriented",
    "ambitious|ambition",
    "exceed|exceeded|exceeding|exceeds",
    "deliver results|delivering results|drive results|get things done",
    "goal-oriented|goal oriented|goals",
    "fast-paced|fast paced",
  ],
  enjoyment: [
    "fun",
    "playful|playfulness",
    "humor|humour|sense of humor|sense of humour",
    "energetic",
    "exciting|excitement|excited",
    "spontaneous|spontaneity",
    "social events|team events|team outings|offsites|off-sites",
    "game nights|games|ping pong|foosball",
    "passion|passionate",
    "vibe|vibrant",
    "celebrate|celebrations|celebrating",
    "enjoy|enjoyment|enjoying",
    "happy hour|happy hours",
    "laugh|laughter",
    "lighthearted|light-hearted",
  ],
  safety: [
    "risk management|risk-aware|risk aware|risk assessment|risk mitigation|mitigate risk|mitigating risk",
    "compliance|compliant",
    "regulatory|regulations",
    "careful|carefully|cautious|caution",
    "prudent|prudence",
    "plan ahead|planning ahead|forward planning|careful planning",
    "contingency|contingency planning|business continuity",
    "predictable|predictability",
    "safety|safety-first|safe",
    "due diligence",
    "stable|stability",
    "preparedness|well prepared",
    "think things through|thorough|thoroughness",
  ],
  caring: [
    "trust|trusted|trusting|mutual trust",
    "warm|warmth",
    "welcoming",
    "supportive|support each other|support one another|supporting each other",
    "help each other|help one another|helping others",
    "loyalty|loyal",
    "teamwork|team spirit|team player",
    "collaboration|collaborative|collaborate",
    "belonging|sense of belonging",
    "family|like a family",
    "care|caring|we care",
    "kindness|kind",
    "relationships|relationship building",
    "mentoring|mentor|mentorship",
    "empathy|empathetic",
    "wellbeing|well-being",
    "friendly",
  ],
  order: [
    "procedures|processes and procedures|standard operating procedures|sop|sops",
    "structure|structured",
    "rules|follow the rules",
    "policies",
    "standards|quality standards|high standards",
    "consistency|consistent",
    "tradition|traditional|time-honored|time-honoured",
    "respect|respectful|mutual respect",
    "discipline|disciplined",
    "organized|organised|highly organized|highly organised|well organized|well organised|well-organized|well-organised",
    "established|well-established",
    "methodical|systematic",
    "accuracy|accurate|precision",
    "punctual|punctuality",
  ],
  purpose: [
    "mission|mission-driven|our mission",
    "purpose|purpose-driven",
    "make a difference|making a difference|make an impact|social impact|positive impact|meaningful impact",
    "meaningful|meaningful work",
    "sustainability|sustainable",
    "social good|for good|greater good|greater cause|common good",
    "community|communities",
    "ethics|ethical",
    "compassion|compassionate",
    "diversity|inclusion|inclusive|equity",
    "values-driven|value-driven",
    "nonprofit|non-profit|ngo|charity|charitable",
    "volunteer|volunteering|volunteered",
    "environmental|climate",
    "society|societal",
    "change the world|better world",
  ],
};
