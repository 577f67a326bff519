import { atsProviderSuite } from "./ats-suite.ts";

atsProviderSuite("lever");
