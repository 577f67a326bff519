import { atsProviderSuite } from "./ats-suite.ts";

atsProviderSuite("ashby");
