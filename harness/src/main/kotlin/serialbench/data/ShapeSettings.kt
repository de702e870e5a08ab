package serialbench.data

import serialbench.config.OptionValues

/**
 * The values of the shapes' own options ([Shape.options], such as the content size of an upload) for one run:
 * read once with the run's other options and handed to wherever a shape is made by id (`Shapes.byId`), forks and
 * fresh JVMs included. Each shape reads its own options; an option not given has its default.
 */
typealias ShapeSettings = OptionValues
