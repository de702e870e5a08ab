import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Fails a build whose `-Dtest=` selection matches no test class of any module. Surefire runs in each module on its
 * own and, since a selection usually names a class of one module, must let the others find nothing; so nothing
 * there sees that nothing matched anywhere. This looks at every module's test sources before any test runs.
 *
 * Usage: `java TestSelection.java ROOT SELECTION`, where SELECTION is surefire's `test` value: comma-separated
 * patterns `Class` or `pkg.Class` with `*` wildcards (a double star spans folders) and an optional `#method`;
 * `!` excludes and `%regex[...]` patterns are not judged.
 */
public final class TestSelection {
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        String selection = args.length > 1 ? args[1].trim() : "";
        List<String> patterns = new ArrayList<>();
        for (String part : selection.split(",")) {
            String pattern = part.trim();
            if (pattern.isEmpty() || pattern.startsWith("!")) continue;
            if (pattern.startsWith("%regex[")) return;
            patterns.add(pattern);
        }
        if (patterns.isEmpty()) return;
        List<Path> sources = testSources(root);
        for (String pattern : patterns) {
            if (sources.stream().anyMatch(source -> matches(root, source, pattern))) return;
        }
        String modules = sources.stream().map(source -> root.relativize(source).getName(0).toString())
            .distinct().sorted().collect(Collectors.joining(", "));
        System.err.println("-Dtest=" + selection + ": no test of any module matches it (looked in the test "
            + "sources of " + modules + "); allowed: a test class name (such as MainTest), a pattern (*Test, "
            + "serialbench.cli.*) or Class#method");
        System.exit(1);
    }

    /** The Kotlin and Java test sources of the reactor's modules (`MODULE/src/test/{kotlin,java}`). */
    private static List<Path> testSources(Path root) throws IOException {
        try (Stream<Path> modules = Files.list(root)) {
            return modules.filter(Files::isDirectory).flatMap(module -> Stream.of("kotlin", "java")
                    .map(language -> module.resolve("src/test").resolve(language)))
                .filter(Files::isDirectory)
                .flatMap(TestSelection::walk)
                .filter(file -> file.toString().endsWith(".kt") || file.toString().endsWith(".java"))
                .collect(Collectors.toList());
        }
    }

    private static Stream<Path> walk(Path directory) {
        try {
            return Files.walk(directory).collect(Collectors.toList()).stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether [source] holds a class, and where a method is named a method, that [pattern] selects. */
    private static boolean matches(Path root, Path source, String pattern) {
        int hash = pattern.indexOf('#');
        String classPart = hash < 0 ? pattern : pattern.substring(0, hash);
        String methodPart = hash < 0 ? "" : pattern.substring(hash + 1);
        Path languageRoot = languageRoot(source);
        String name = languageRoot.relativize(source).toString().replace('\\', '/').replaceFirst("\\.(kt|java)$", "");
        if (!classPart.isEmpty() && !classRegex(classPart).matcher(name).matches()) return false;
        if (methodPart.isEmpty()) return true;
        try {
            return globRegex(methodPart, ".*?").matcher(Files.readString(source)).find();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path languageRoot(Path source) {
        Path path = source;
        while (!(path.getFileName().toString().matches("kotlin|java")
                && path.getParent().getFileName().toString().equals("test"))) {
            path = path.getParent();
        }
        return path;
    }

    /** Surefire's reading of a class pattern: `.` separates packages, `**` spans folders, a bare name any folder. */
    private static Pattern classRegex(String classPart) {
        String path = classPart.replaceFirst("\\.(class|java|kt)$", "");
        if (!path.contains("/")) path = path.replace('.', '/');
        if (!path.startsWith("**/")) path = "**/" + path;
        return Pattern.compile(globRegex(path, "[^/]*").pattern());
    }

    private static Pattern globRegex(String glob, String star) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (glob.startsWith("**/", i)) {
                regex.append("(?:.*/)?");
                i += 2;
            } else if (c == '*') {
                regex.append(star);
            } else if (c == '?') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
