import { v5 as uuidv5 } from "uuid";

// Fixed namespaces: ids are UUIDv5(namespace, canonical name in lower case), so they are stable across releases and
// across machines, and a title and a skill with the same name never share an id.
export const SKILL_NAMESPACE = "6f1c2a7e-3b8d-5e4a-9c1f-2d7b8e9a0c31";
export const TITLE_NAMESPACE = "a4e9d2c1-7f3b-5a6e-8d0c-1b2e3f4a5c67";

export const canonicalKey = (name: string): string => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

export const skillId = (name: string): string => uuidv5(canonicalKey(name), SKILL_NAMESPACE);
export const titleId = (name: string): string => uuidv5(canonicalKey(name), TITLE_NAMESPACE);

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuidShaped = (value: string): boolean => UUID_SHAPE.test(value);
