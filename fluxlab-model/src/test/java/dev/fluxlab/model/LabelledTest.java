package dev.fluxlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LabelledTest {

    /** A stand-in with a hyphenated name, as most of the lab's labelled enums have. */
    private enum Shade implements Labelled {
        DARK_RED("dark-red"),
        BLUE("blue");

        private final String label;

        Shade(String label) {
            this.label = label;
        }

        @Override
        public String label() {
            return label;
        }
    }

    @Test
    void findsByNameTrimmedAndCaseInsensitively() {
        assertEquals(Optional.of(Shade.DARK_RED), Labelled.find(Shade.class, " Dark-Red "));
        assertEquals(Optional.of(Shade.BLUE), Labelled.find(Shade.class, "blue"));
    }

    @Test
    void findsNothingForAnUnknownNullOrConstantName() {
        assertEquals(Optional.empty(), Labelled.find(Shade.class, "green"));
        assertEquals(Optional.empty(), Labelled.find(Shade.class, null));
        assertEquals(Optional.empty(), Labelled.find(Shade.class, "DARK_RED"));
    }

    @Test
    void parseRefusesNamingTheValueAndEveryAcceptedName() {
        assertEquals(Shade.BLUE, Labelled.parse(Shade.class, "BLUE", "shade"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Labelled.parse(Shade.class, "green", "shade"));
        assertEquals("unknown shade 'green'; accepted: dark-red, blue", e.getMessage());
    }

    @Test
    void refusalIsParsesWordingForAnyListOfAcceptedNames() {
        assertEquals("unknown shade 'Green'; accepted: blue", Labelled.refusal("shade", "Green", List.of(Shade.BLUE)));
        assertEquals(assertThrows(IllegalArgumentException.class, () -> Labelled.parse(Shade.class, "x", "shade"))
                .getMessage(), Labelled.refusal("shade", "x", List.of(Shade.values())));
    }

    @Test
    void acceptedListsTheNamesInDeclarationOrder() {
        assertEquals("dark-red, blue", Labelled.accepted(Shade.class));
    }
}
